/**
 * The side menu's line for "My follow-ups" with how many are overdue or due today. Its own chunk,
 * loaded only once someone is signed in (the side menu imports it lazily), so a visitor's first
 * download carries none of this feature. Counts the device's copy while it is unlocked, else asks
 * the server; says nothing when neither can answer.
 */
import '../../../i18n/clients';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { fetchOpenFollowUps } from '../api/get-follow-ups';
import { dueNowCount, unopenedCounts } from '../due';
import { followUpDaysOnDevice } from '../offline/use-follow-ups';
import { useShownFollowUps, useNzToday } from './use-shown-follow-ups';

export default function FollowUpsMenuLink({ userId, open, onNavigate }: { userId: string | null; open: boolean; onNavigate: () => void }) {
  const t = useT();
  const today = useNzToday();
  const { tasks: shown, sync } = useShownFollowUps(userId);
  const tasks = shown.filter((task) => task.assignedTo === userId);
  const fromServer = useQuery({
    queryKey: ['follow-ups', 'open', userId],
    queryFn: ({ signal }) => fetchOpenFollowUps(signal),
    enabled: open && !sync.loaded && userId !== null,
    staleTime: 30_000,
  });
  // Days not opened on this device count from the copy's index (decision 105).
  const unopened = unopenedCounts(followUpDaysOnDevice(), today);
  const count = sync.loaded ? dueNowCount(tasks, today) + unopened.overdue + unopened.today : fromServer.data ? dueNowCount(fromServer.data, today) : undefined;
  return (
    <NavLink to={paths.followUps} end className="side-menu__link side-menu__link--follow-ups" onClick={onNavigate}>
      <span>{t('followUps.title')}</span>
      {count !== undefined && count > 0 && (
        <span className="side-menu__badge" data-testid="follow-ups-badge">
          <span aria-hidden="true">{formatNumber(count)}</span>
          <span className="visually-hidden">{t('followUps.menuCount', { count, shown: formatNumber(count) })}</span>
        </span>
      )}
    </NavLink>
  );
}
