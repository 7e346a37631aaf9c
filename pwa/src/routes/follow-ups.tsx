import '../i18n/clients';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { clientName } from '../features/clients/client-form-values';
import { searchCaseload } from '../features/clients/offline/caseload-copy';
import { useCaseloadRevision } from '../features/clients/offline/use-caseload';
import type { FollowUpKaimahi, FollowUpSubject } from '../features/follow-ups/components/add-follow-up-form';
import { kaimahiOf } from '../features/follow-ups/kaimahi';
import { MyFollowUps } from '../features/follow-ups/components/my-follow-ups';
import { useWhanauNames } from '../features/whanau/offline/use-whanau-names';
import type { FollowUp } from '../features/follow-ups/api/types';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import { staffPaths } from '../lib/staff-paths';
import './pages.css';

const linkTo = (task: FollowUp) => (task.clientId ? staffPaths.client(task.clientId) : task.whanauId ? staffPaths.whanau(task.whanauId) : null);

/**
 * The clients of the device's copy and the whānau kept or made on this device (even before they
 * are sent): what a follow-up is for is named, and the form offers them.
 */
function CaseloadFollowUps({ kaimahi }: { kaimahi: FollowUpKaimahi | null }) {
  const t = useT();
  const revision = useCaseloadRevision();
  const whanau = useWhanauNames(kaimahi?._id ?? null);
  const subjects = useMemo<FollowUpSubject[]>(
    () => [
      ...(revision >= 0 ? searchCaseload({}).map((client) => ({ kind: 'client' as const, _id: client._id, name: clientName(client) })) : []),
      ...whanau.map((one) => ({ kind: 'whanau' as const, ...one })),
    ],
    [revision, whanau],
  );
  return (
    <MyFollowUps kaimahi={kaimahi} subjects={subjects} linkTo={linkTo}>
      <Link to={paths.clients}>{t('dashboard.openClients')}</Link>
      <Link to={paths.dashboard}>{t('followUps.openDashboard')}</Link>
    </MyFollowUps>
  );
}

/** /follow-ups: "My follow-ups", the kaimahi's start screen after sign-in; the device's copy unlocked first. */
export default function FollowUpsRoute() {
  const { user, access, keepCopy, endSession } = useAuth();
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      <CaseloadFollowUps kaimahi={kaimahiOf(user, access)} />
    </CaseloadGate>
  );
}
