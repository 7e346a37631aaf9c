import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { unlockVault } from '../../../lib/vault/vault';

type UnlockScreenProps = { userId: string; name: string; triesLeft: number; onWiped: () => void };

/**
 * The app was reopened and the client records on this device are locked: the password opens
 * them, checked on the device against the wrapped key (no signal needed). Five wrong tries
 * remove the copy.
 */
export function UnlockScreen({ userId, name, triesLeft, onWiped }: UnlockScreenProps) {
  const t = useT();
  usePageTitle(t('clients.unlock.title'));
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
      const result = await unlockVault(userId, password);
      if (result.ok) return;
      if ('wiped' in result) onWiped();
      else {
        setPassword('');
        setError(t('clients.unlock.wrong', { count: result.triesLeft }));
      }
    } finally {
      setBusy(false);
    }
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
                {busy ? t('clients.unlock.busy') : t('clients.unlock.submit')}
              </Button>
            </div>
          </form>
          <p className="clients-muted">{t('clients.unlock.tries', { count: triesLeft })}</p>
        </section>
      </div>
    </>
  );
}
