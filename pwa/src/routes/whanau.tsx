import '../i18n/clients';
import { useParams } from 'react-router-dom';
import { limits } from '@contract/limits';
import { useAuth } from '../lib/auth/auth-context';
import { CaseloadGate } from '../features/clients/components/caseload-gate';
import { FollowUpsFor } from '../features/follow-ups/components/follow-ups-for';
import { kaimahiOf } from '../features/follow-ups/kaimahi';
import { WhanauPage } from '../features/whanau/components/whanau-page';
import { useClientLookup } from './whanau-lookup';
import './pages.css';

/** /whanau/{id}: one whānau, its members (from the clients feature's records), plan, contacts and follow-ups (the follow-ups feature's). */
export default function WhanauRoute() {
  const { id = '' } = useParams();
  const { access, user, keepCopy, endSession } = useAuth();
  const lookup = useClientLookup(user?._id ?? null);
  return (
    <CaseloadGate user={user} onKeepCopy={keepCopy} onWiped={(message) => void endSession(message)}>
      {user && (
        <WhanauPage
          key={id}
          id={id}
          user={user}
          isManager={access >= limits.managerAccess}
          lookup={lookup}
          followUps={(whanau) => (
            <FollowUpsFor
              kaimahi={kaimahiOf(user, access)}
              subject={{ kind: 'whanau', _id: whanau._id, name: whanau.name }}
              tasks={whanau.tasks.filter((task) => task.doneAt === null)}
              goals={whanau.goals}
            />
          )}
        />
      )}
    </CaseloadGate>
  );
}
