import { useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { useOnline } from '../../../lib/use-online';
import { unlockWithDevice } from '../../../lib/vault/vault';
import { useCaseloadSync, useVaultState } from '../offline/use-caseload';
import { KeepCopyScreen } from './keep-copy-screen';
import { UnlockScreen } from './unlock-screen';
import './clients.css';

type CaseloadGateProps = {
  user: { _id: string; name: string } | null;
  /** Gives the password to the server and keeps a copy on this device (a signed-in person with none). */
  onKeepCopy: (password: string) => Promise<void>;
  /** Five wrong passwords: the copy is gone, and the person is signed out on this device. */
  onWiped: (message: string) => void;
  children: ReactNode;
};

/**
 * Client work goes through here, and only with the encrypted copy on this device open, so that
 * every change is kept here before it is shown as made (DESIGN §6):
 * - being made (just signed in): says so until it is ready;
 * - locked (the app was reopened): with signal and a live session the session's device secret
 *   opens it, otherwise the PIN set for this phone or the password does (five wrong tries, both
 *   counted together, wipe it and sign the person out); the
 *   secret is tried again whenever the signal comes back, behind the password form;
 * - none (wiped, or signed in before it existed): the password makes one; with no signal the
 *   person is told plainly that nothing can be kept until then.
 * Unlocked, it is kept up to date with the server whenever there is signal.
 */
export function CaseloadGate({ user, onKeepCopy, onWiped, children }: CaseloadGateProps) {
  const t = useT();
  const userId = user?._id ?? null;
  const vault = useVaultState(userId);
  const online = useOnline();
  useCaseloadSync(userId);
  const locked = vault.status === 'locked';
  const byDevice = locked && vault.byDevice;
  /**
   * Whose device secret has been tried at least once (or could not be, with no signal). Until
   * then the screen says it is opening the copy; after, the password form stays up while the
   * secret is tried again each time the signal comes back. Hiding the form for those tries lost
   * what the person was typing, and a request for the secret that failed made the signal flicker,
   * so the form came and went.
   */
  const [triedFor, setTriedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!byDevice || !userId) return;
    if (!online) {
      setTriedFor(userId);
      return;
    }
    let live = true;
    void unlockWithDevice(userId)
      .catch(() => false)
      .then(() => {
        if (live) setTriedFor(userId);
      });
    return () => {
      live = false;
    };
  }, [byDevice, userId, online]);

  const waiting = (text?: string) => (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={t('clients.title')} />
      <div className="container page-body">
        {text && (
          <p className="clients-card clients-card--notice" role="status">
            {text}
          </p>
        )}
        <Spinner />
      </div>
    </>
  );

  if (!user || vault.status === 'unknown') return waiting();
  if (vault.status === 'making') return waiting(t('clients.copy.making'));
  if (vault.status === 'locked') {
    if (byDevice && online && triedFor !== user._id) return waiting(t('clients.unlock.opening'));
    return (
      <UnlockScreen
        userId={user._id}
        name={user.name}
        triesLeft={vault.triesLeft}
        hasPin={vault.hasPin}
        onWiped={() => onWiped(t(vault.hasPin ? 'clients.pin.wiped' : 'clients.unlock.wiped'))}
      />
    );
  }
  if (vault.status === 'none') return <KeepCopyScreen name={user.name} online={online} onKeepCopy={onKeepCopy} />;
  return <>{children}</>;
}
