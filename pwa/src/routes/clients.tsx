import '../i18n/clients';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { ClientsPage } from '../features/clients/components/clients-page';
import { QuickUnlockCard } from '../features/clients/components/quick-unlock-card';
import { WhanauEntry } from '../features/whanau/components/whanau-entry';
import { useT } from '../i18n/use-t';
import './pages.css';

/** /clients: the enrolments inbox and the clients list (staff), and the way to the whānau; the device's copy unlocked first. */
export default function ClientsRoute() {
  const { user, keepCopy, endSession } = useAuth();
  const t = useT();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <ClientsPage userId={user?._id ?? null} />
      {user && (
        <div className="container quick-unlock-slot">
          <QuickUnlockCard userId={user._id} onWiped={() => void endSession(t('clients.pin.wiped'))} />
        </div>
      )}
      <div className="container whanau-client-slot">
        <WhanauEntry />
      </div>
    </CaseloadGate>
  );
}
