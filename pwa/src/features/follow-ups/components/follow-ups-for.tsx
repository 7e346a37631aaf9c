import { useState } from 'react';
import { formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import type { FollowUp } from '../api/types';
import { groupFollowUps, dueGroups } from '../due';
import { useStaffCopySync } from '../offline/use-staff-copy';
import { AddFollowUpForm, type FollowUpGoal, type FollowUpKaimahi, type FollowUpSubject } from './add-follow-up-form';
import { FollowUpItem } from './follow-up-item';
import { useNzToday, useShownFollowUps } from './use-shown-follow-ups';
import './follow-ups.css';

export type FollowUpsForProps = {
  /** The signed-in kaimahi (null while nobody is). */
  kaimahi: FollowUpKaimahi | null;
  /** The client or whānau whose page this is. */
  subject: FollowUpSubject;
  /** Their follow-ups as the server gave them (a whānau page's `tasks`), beside the kaimahi's own on this device. */
  tasks?: readonly FollowUp[];
  goals?: readonly FollowUpGoal[];
};

const emptyTasks: readonly FollowUp[] = [];
const noServices: readonly string[] = [];

/**
 * A client's or whānau's open follow-ups, soonest first, each tickable offline, with whom each is
 * assigned to when it is not the kaimahi, and a form to add one.
 */
export function FollowUpsFor({ kaimahi, subject, tasks = emptyTasks, goals = [] }: FollowUpsForProps) {
  const t = useT();
  const userId = kaimahi?._id ?? null;
  useStaffCopySync(userId, kaimahi?.services ?? noServices);
  const today = useNzToday();
  const [adding, setAdding] = useState(false);
  const { tasks: shown } = useShownFollowUps(userId, tasks, [subject]);
  const mine = shown.filter((task) => (subject.kind === 'client' ? task.clientId === subject._id : task.whanauId === subject._id));
  const groups = groupFollowUps(mine, today);
  const open = dueGroups.flatMap((group) => groups[group]);
  const ticked = mine.filter((task) => task.doneAt !== null);
  const headingId = `follow-ups-for-${subject._id}`;
  return (
    <section className="clients-card follow-ups-for" aria-labelledby={headingId}>
      <div className="clients-card__head">
        <h2 id={headingId}>
          {t('followUps.section')} <span className="follow-ups-group__count">{formatNumber(open.length)}</span>
        </h2>
        <button type="button" className="button button--outline button--sm" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          {t('followUps.add.title')}
        </button>
      </div>
      {adding && kaimahi && <AddFollowUpForm kaimahi={kaimahi} subject={subject} goals={goals} idPrefix={`follow-up-${subject._id}`} />}
      {open.length === 0 && ticked.length === 0 ? (
        <p className="clients-empty">{t('followUps.forNone')}</p>
      ) : (
        <ul className="follow-up-list">
          {[...open, ...ticked].map((task) => (
            <FollowUpItem key={task._id} task={task} userId={userId} showSubject={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
