import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { unlockVault } from '../../../lib/vault/vault';
import { PasswordForm } from './password-form';

type UnlockScreenProps = { userId: string; name: string; triesLeft: number; hasPin: boolean; onWiped: () => void };

/**
 * The app was reopened and the client records on this device are locked: the PIN set for this
 * phone opens them (or the password, one tap away; without a PIN, the password), checked on the
 * device against the wrapped key (no signal needed). Five wrong tries, PINs and passwords
 * together, remove the copy (and the person is signed out: `onWiped`).
 */
export function UnlockScreen({ userId, name, triesLeft, hasPin, onWiped }: UnlockScreenProps) {
  const t = useT();
  usePageTitle(t('clients.unlock.title'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const [byPassword, setByPassword] = useState(false);
  const byPin = hasPin && !byPassword;

  async function unlock(secret: string): Promise<string | undefined> {
    const result = await unlockVault(userId, byPin ? { pin: secret } : { password: secret });
    if (result.ok) return undefined;
    if ('wiped' in result) {
      onWiped();
      return undefined;
    }
    return t(byPin ? 'clients.pin.wrong' : 'clients.unlock.wrong', { count: result.triesLeft });
  }

  return (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={t('clients.unlock.title')} />
      <div className="container page-body">
        <section className="clients-card unlock" aria-labelledby="unlock-heading">
          <h2 id="unlock-heading" ref={headingRef} tabIndex={-1}>
            {t('clients.unlock.heading', { name })}
          </h2>
          <p>{t(byPin ? 'clients.pin.lead' : 'clients.unlock.lead')}</p>
          {/* A key per way, so switching starts an empty field. */}
          <PasswordForm key={byPin ? 'pin' : 'password'} pin={byPin} submitLabel={t('clients.unlock.submit')} onPassword={unlock} />
          {hasPin && (
            <Button variant="ghost" size="sm" className="unlock__switch" onClick={() => setByPassword(!byPassword)}>
              {t(byPin ? 'clients.pin.usePassword' : 'clients.pin.usePin')}
            </Button>
          )}
          <p className="clients-muted">{t(hasPin ? 'clients.pin.tries' : 'clients.unlock.tries', { count: triesLeft })}</p>
        </section>
      </div>
    </>
  );
}
