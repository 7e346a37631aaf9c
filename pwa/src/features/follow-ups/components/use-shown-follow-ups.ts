import { useMemo, useState, useEffect } from 'react';
import type { FollowUp } from '../api/types';
import { nzToday } from '../due';
import { useFollowUpItems, withWaitingWrites, type ShownFollowUp } from '../offline/follow-up-items';
import { followUpsForOthers, followUpsOnDevice } from '../offline/follow-ups-copy';
import { keptStaffName } from '../offline/staff-copy';
import { useStaffCopyRevision } from '../offline/use-staff-copy';
import { useFollowUpsRevision, useFollowUpsSync, type FollowUpsSync } from '../offline/use-follow-ups';
import type { FollowUpSubject } from './add-follow-up-form';

/** New Zealand's date now, moving on at midnight (checked each minute, so a screen left open changes day). */
export function useNzToday(): string {
  const [today, setToday] = useState(() => nzToday());
  useEffect(() => {
    const timer = setInterval(() => setToday(nzToday()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

const noTasks: readonly FollowUp[] = [];
const noSubjects: readonly FollowUpSubject[] = [];

/**
 * The kaimahi's follow-ups as they will be once their waiting writes land: the device's copy,
 * `extra` (e.g. a whānau page's follow-ups from the server), new ones saved here (for them or a
 * colleague), ticks applied. "My follow-ups" keeps those assigned to the kaimahi.
 */
export function useShownFollowUps(
  userId: string | null,
  extra: readonly FollowUp[] = noTasks,
  subjects: readonly FollowUpSubject[] = noSubjects,
): { tasks: ShownFollowUp[]; sync: FollowUpsSync } {
  const sync = useFollowUpsSync(userId);
  const items = useFollowUpItems(userId);
  const revision = useFollowUpsRevision();
  const staffRevision = useStaffCopyRevision();
  const tasks = useMemo(() => {
    const onDevice = revision >= 0 ? [...followUpsOnDevice(), ...followUpsForOthers(userId)] : [];
    const known = new Map<string, FollowUp>();
    for (const task of extra) known.set(task._id, task);
    for (const task of onDevice) {
      const other = known.get(task._id);
      if (!other || other.version <= task.version) known.set(task._id, task);
    }
    const names = new Map(subjects.map((one) => [`${one.kind}:${one._id}`, one.name]));
    return withWaitingWrites(
      [...known.values()],
      items,
      userId,
      (task) => (task.clientId ? (names.get(`client:${task.clientId}`) ?? null) : task.whanauId ? (names.get(`whanau:${task.whanauId}`) ?? null) : null),
      (id) => (staffRevision >= 0 ? (keptStaffName(id) ?? null) : null),
    );
  }, [extra, revision, staffRevision, items, userId, subjects]);
  return { tasks, sync };
}
