import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import type { FollowUp } from '../api/types';
import type { ShownFollowUp } from '../offline/follow-up-items';
import { discardFollowUpItem, keepMine, queueFollowUpChange } from '../offline/follow-up-writes';
import { EditFollowUpForm } from './edit-follow-up-form';

/** A calendar date (YYYY-MM-DD) as words, read as that day wherever the device is. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  return formatDate(`${date}T00:00:00Z`, { ...options, timeZone: 'UTC' });
}

export type FollowUpItemProps = {
  task: ShownFollowUp;
  /** The signed-in kaimahi: a follow-up assigned to anyone else says to whom. */
  userId?: string | null;
  /** Where the follow-up's whānau or client is shown, when there is a page for it. */
  linkTo?: (task: FollowUp) => string | null;
  /** Show what it is for (the start screen); a client's or whānau's page leaves it out. */
  showSubject?: boolean;
  /** Called with a problem that stopped a tick (the copy locked meanwhile). */
  onProblem?: (error: unknown) => void;
};

/** One follow-up: a checkbox to tick it done (or open it again), when it is due, what it is for, and its state on this device. */
export function FollowUpItem({ task, userId, linkTo, showSubject = true, onProblem }: FollowUpItemProps) {
  const t = useT();
  const item = task.waiting;
  const saved = task.doneAt !== null;
  // The tick shows at once; the copy catches up when the change is saved on the device.
  const [ticked, setTicked] = useState<{ done: boolean; from: boolean } | null>(null);
  const [editing, setEditing] = useState(false);
  const done = ticked && ticked.from === saved ? ticked.done : saved;
  const checkboxId = `follow-up-${task._id}`;
  const link = linkTo?.(task) ?? null;
  const subject = task.subjectName ?? t('followUps.someone');
  const clash = item?.status === 'conflict' ? item.conflict : null;
  const someoneElse = userId && task.assignedTo && task.assignedTo !== userId;

  function toggle() {
    const doneAt = done ? null : new Date().toISOString();
    setTicked({ done: !done, from: saved });
    void queueFollowUpChange(task._id, task.version, { doneAt }).catch((error: unknown) => {
      setTicked(null);
      onProblem?.(error);
    });
  }

  return (
    <li className={`follow-up${done ? ' follow-up--done' : ''}`} data-testid="follow-up">
      <input id={checkboxId} type="checkbox" className="follow-up__tick" checked={done} onChange={toggle} disabled={clash !== null} />
      <div className="follow-up__body">
        <label htmlFor={checkboxId} className="follow-up__text">
          {task.text}
        </label>
        <p className="follow-up__meta">
          <span>{t('followUps.due', { date: formatDay(task.dueOn) })}</span>
          {someoneElse && <span>{t('followUps.assignedTo', { name: task.assignedToName ?? t('followUps.anotherKaimahi') })}</span>}
          {showSubject && <span>{link ? <Link to={link}>{t('followUps.for', { name: subject })}</Link> : t('followUps.for', { name: subject })}</span>}
          {item && item.status !== 'synced' && <span className="sync-badge">{t(`clients.sync.state.${item.status}`)}</span>}
        </p>
        {editing ? (
          <EditFollowUpForm task={task} onDone={() => setEditing(false)} />
        ) : (
          clash === null &&
          !done && (
            <button
              type="button"
              className="button button--ghost button--sm follow-up__edit"
              aria-label={t('followUps.edit.label', { text: task.text })}
              onClick={() => setEditing(true)}
            >
              {t('followUps.edit.open')}
            </button>
          )
        )}
        {item?.status === 'rejected' && (
          <div className="follow-up__problem" role="alert">
            <p>{t('followUps.rejected', { reason: item.errors.map((error) => errorMessage(error)).join(' ') })}</p>
            <button type="button" className="button button--ghost button--sm" onClick={() => void discardFollowUpItem(item._id)}>
              {t('followUps.discard')}
            </button>
          </div>
        )}
        {clash && item && (
          <div className="follow-up__problem" role="alert">
            <p>{t('followUps.clash.title')}</p>
            <ul>
              {clash.conflicts.map((conflict) => (
                <li key={conflict.field}>
                  {t('followUps.clash.field', {
                    field: t(fieldKey(conflict.field)),
                    mine: shownValue(conflict.mine, t),
                    theirs: shownValue(conflict.theirs, t),
                  })}
                </li>
              ))}
            </ul>
            <div className="follow-up__choices">
              <button
                type="button"
                className="button button--outline button--sm"
                onClick={() => {
                  const changes = item.change?.kind === 'task.update' ? item.change.changes : {};
                  void keepMine(item._id, changes, clash.record.version).catch((error: unknown) => onProblem?.(error));
                }}
              >
                {t('followUps.clash.mine')}
              </button>
              <button type="button" className="button button--ghost button--sm" onClick={() => void discardFollowUpItem(item._id)}>
                {t('followUps.clash.theirs')}
              </button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}

type FieldKey = 'followUps.field.text' | 'followUps.field.dueOn' | 'followUps.field.assignedTo' | 'followUps.field.doneAt';
function fieldKey(field: string): FieldKey {
  return field === 'text' || field === 'dueOn' || field === 'assignedTo' || field === 'doneAt' ? `followUps.field.${field}` : 'followUps.field.text';
}

function shownValue(value: unknown, t: ReturnType<typeof useT>): string {
  if (value === null || value === undefined || value === '') return t('followUps.clash.none');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  return String(value);
}
