import { useEffect, useRef } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { unlockVault } from '../../../lib/vault/vault';
import { PasswordForm } from './password-form';

type UnlockScreenProps = { userId: string; name: string; triesLeft: number; onWiped: () => void };

/**
 * The app was reopened and the client records on this device are locked: the password opens
 * them, checked on the device against the wrapped key (no signal needed). Five wrong tries
 * remove the copy (and the person is signed out: `onWiped`).
 */
export function UnlockScreen({ userId, name, triesLeft, onWiped }: UnlockScreenProps) {
  const t = useT();
  usePageTitle(t('clients.unlock.title'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function unlock(password: string): Promise<string | undefined> {
    const result = await unlockVault(userId, password);
    if (result.ok) return undefined;
    if ('wiped' in result) {
      onWiped();
      return undefined;
    }
    return t('clients.unlock.wrong', { count: result.triesLeft });
  }

  return (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={t('clients.unlock.title')} />
      <div className="container page-body">
        <section className="clients-card unlock" aria-labelledby="unlock-heading">
          <h2 id="unlock-heading" ref={headingRef} tabIndex={-1}>
            {t('clients.unlock.heading', { name })}
          </h2>
          <p>{t('clients.unlock.lead')}</p>
          <PasswordForm submitLabel={t('clients.unlock.submit')} onPassword={unlock} />
          <p className="clients-muted">{t('clients.unlock.tries', { count: triesLeft })}</p>
        </section>
      </div>
    </>
  );
}
