import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { errorText } from './error-text';

type KeepCopyScreenProps = { name: string; online: boolean; onKeepCopy: (password: string) => Promise<void> };

/**
 * A signed-in kaimahi with no copy of the client records on this device (it was wiped, or the app
 * closed while it was being made): nothing they change could be kept here, so the password is
 * asked first (checked by the server). With no signal, they are told so plainly.
 */
export function KeepCopyScreen({ name, online, onKeepCopy }: KeepCopyScreenProps) {
  const t = useT();
  usePageTitle(t('clients.copy.title'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('clients.unlock.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onKeepCopy(password);
    } catch (failure) {
      setPassword('');
      setError(errorText(failure));
    } finally {
      setBusy(false);
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
              <form noValidate onSubmit={(event) => void handleSubmit(event)} className="unlock__form">
                <TextField
                  label={t('clients.unlock.password')}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  error={error}
                  readOnly={busy}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
                <div className="client-form__actions">
                  <Button type="submit" disabled={busy}>
                    {busy ? t('clients.unlock.busy') : t('clients.copy.submit')}
                  </Button>
                </div>
              </form>
            </>
          ) : (
            <p role="alert">{t('clients.offline.noCopy')}</p>
          )}
        </section>
      </div>
    </>
  );
}
