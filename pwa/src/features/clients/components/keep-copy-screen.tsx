import { useEffect, useRef } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { errorText } from './error-text';
import { PasswordForm } from './password-form';

type KeepCopyScreenProps = { name: string; online: boolean; onKeepCopy: (password: string) => Promise<void> };

/**
 * A signed-in kaimahi with no copy of the client records on this device (it was wiped, or the app
 * closed while it was being made): nothing they change could be kept here, so the password is
 * asked first (checked by the server). With no signal, they are told so plainly.
 */
export function KeepCopyScreen({ name, online, onKeepCopy }: KeepCopyScreenProps) {
  const t = useT();
  usePageTitle(t('clients.copy.title'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function keepCopy(password: string): Promise<string | undefined> {
    try {
      await onKeepCopy(password);
      return undefined;
    } catch (failure) {
      return errorText(failure);
    }
  }

  return (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={t('clients.copy.title')} />
      <div className="container page-body">
        <section className="clients-card unlock" aria-labelledby="keep-copy-heading">
          <h2 id="keep-copy-heading" ref={headingRef} tabIndex={-1}>
            {t('clients.unlock.heading', { name })}
          </h2>
          {online ? (
            <>
              <p>{t('clients.copy.lead')}</p>
              <PasswordForm submitLabel={t('clients.copy.submit')} onPassword={keepCopy} />
            </>
          ) : (
            <p role="alert">{t('clients.offline.noCopy')}</p>
          )}
        </section>
      </div>
    </>
  );
}
