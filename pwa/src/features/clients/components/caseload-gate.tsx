import { useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { useCaseloadSync, useVaultState } from '../offline/use-caseload';
import { UnlockScreen } from './unlock-screen';
import './clients.css';

type CaseloadGateProps = { user: { _id: string; name: string } | null; children: ReactNode };

/**
 * Client work goes through here: a locked copy on this device asks for the password first; an
 * unlocked one is kept up to date with the server whenever there is signal. With no copy on this
 * device (signed in before it existed, or wiped), the pages work online as before.
 */
export function CaseloadGate({ user, children }: CaseloadGateProps) {
  const t = useT();
  const userId = user?._id ?? null;
  const vault = useVaultState(userId);
  const [wiped, setWiped] = useState(false);
  useCaseloadSync(userId);

  if (vault.status === 'unknown') {
    return (
      <div className="container page-body">
        <Spinner />
      </div>
    );
  }
  if (vault.status === 'locked' && user) {
    return <UnlockScreen userId={user._id} name={user.name} triesLeft={vault.triesLeft} onWiped={() => setWiped(true)} />;
  }
  return (
    <>
      {wiped && (
        <div className="container">
          <p className="clients-card clients-card--notice unlock__wiped" role="alert">
            {t('clients.unlock.wiped')}
          </p>
        </div>
      )}
      {children}
    </>
  );
}
