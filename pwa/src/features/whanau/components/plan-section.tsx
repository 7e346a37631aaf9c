import { useState, type FormEvent } from 'react';
import { goalAreas, type GoalRecord, type GoalStatus } from '@contract/whanau';
import type { WhanauComment } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import type { ShownWhanau } from '../offline/whanau-items';
import { queueGoal, queueGoalEdit } from '../offline/whanau-writes';
import { GoalForm, StatusAndDate } from './goal-form';
import { areaLabel, nzDateTime, personName, statusLabel } from './labels';
import { ShareToggle, type WhanauShares } from './share-toggle';

type PlanSectionProps = {
  whanau: ShownWhanau;
  /** The services this kaimahi may name for a goal (a manager: any). */
  services: readonly string[];
  canEdit: boolean;
  onPrint: () => void;
  /** What is shared with the whānau's app ("Share with the whānau" on each goal and follow-up); absent: not offered. */
  shares?: WhanauShares;
  /** The whānau's comments from their app, shown under their goal. */
  comments?: readonly WhanauComment[];
};

/** Who a goal is for: the whānau, or one member by name ("another member" when hidden). */
export function goalFor(goal: Pick<GoalRecord, 'clientId'>, whanau: ShownWhanau, t: ReturnType<typeof useT>): string {
  if (!goal.clientId) return t('whanau.plan.forWhanau');
  const member = whanau.members.find((candidate) => candidate.clientId === goal.clientId);
  return member?.client ? personName(member.client) : t('whanau.members.another');
}

/** The plan: goals by area (the contract's order), each with who it is for, its status and target date; add and edit. */
export function PlanSection({ whanau, services, canEdit, onPrint, shares, comments = [] }: PlanSectionProps) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const areas = goalAreas.filter((area) => whanau.goals.some((goal) => goal.area === area));
  // Goals other services hold: counted, never shown (decision 111), so no one starts a second plan.
  const heldElsewhere = whanau.hiddenGoalCount ?? 0;
  const heldElsewhereText = t('whanau.plan.heldElsewhere', { count: heldElsewhere, shown: formatNumber(heldElsewhere) });
  return (
    <section className="whanau-card whanau-plan" aria-labelledby="plan-heading">
      <div className="whanau-card__head">
        <h2 id="plan-heading">{t('whanau.plan.title')}</h2>
        <div className="whanau-actions whanau-noprint">
          {canEdit && !adding && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setMessage('');
                setAdding(true);
              }}
            >
              {t('whanau.plan.add')}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onPrint}>
            {t('whanau.plan.print')}
          </Button>
        </div>
      </div>
      <p className="whanau-print-only whanau-muted">{t('whanau.plan.printedFor', { name: whanau.name, date: formatDate(new Date()) })}</p>
      <p className="whanau-status whanau-noprint" role="status">
        {message}
      </p>
      {adding && (
        <GoalForm
          whanau={whanau}
          services={services}
          heading={t('whanau.plan.add')}
          submitLabel={t('whanau.plan.save')}
          save={queueGoal}
          onDone={(saved) => {
            setAdding(false);
            if (saved) setMessage(t('whanau.plan.saved'));
          }}
        />
      )}
      {areas.length === 0 ? (
        <p className="whanau-muted" data-testid={heldElsewhere > 0 ? 'goals-held-elsewhere' : undefined}>
          {heldElsewhere > 0 ? heldElsewhereText : t('whanau.plan.none')}
        </p>
      ) : (
        areas.map((area) => (
          <div key={area} className="whanau-area">
            <h3>
              <Rich id={areaLabel[area]} />
            </h3>
            <ul className="whanau-goals">
              {whanau.goals
                .filter((goal) => goal.area === area)
                .map((goal) => {
                  const waiting = whanau.waiting.get(goal._id);
                  return (
                    <li key={goal._id} className="whanau-goal" data-testid="goal">
                      {editing === goal._id ? (
                        <GoalEditForm
                          goal={goal}
                          whanau={whanau}
                          onDone={(saved) => {
                            setEditing(null);
                            if (saved) setMessage(t('whanau.plan.editSaved'));
                          }}
                        />
                      ) : (
                        <>
                          <p className="whanau-goal__text">{goal.text}</p>
                          <p className="whanau-goal__meta">
                            <span>{goalFor(goal, whanau, t)}</span>
                            <span className={`whanau-goal-status whanau-goal-status--${goal.status.replace(' ', '-')}`}>{t(statusLabel[goal.status])}</span>
                            {goal.targetDate && <span>{t('whanau.plan.targetOn', { date: formatDate(goal.targetDate) })}</span>}
                            {waiting && <span className="whanau-saved">{t(`whanau.state.${waiting.status}`)}</span>}
                          </p>
                          {shares && waiting === undefined && (
                            <ShareToggle whanauId={whanau._id} itemKind="goal" itemId={goal._id} what={goal.text} shares={shares} />
                          )}
                          <GoalComments comments={comments.filter((comment) => comment.goalId === goal._id)} />
                          {canEdit && (
                            <Button
                              variant="ghost"
                              size="sm"
                              className="whanau-noprint"
                              aria-label={t('whanau.plan.editGoal', { goal: goal.text })}
                              onClick={() => {
                                setMessage('');
                                setEditing(goal._id);
                              }}
                            >
                              {t('whanau.plan.edit')}
                            </Button>
                          )}
                        </>
                      )}
                    </li>
                  );
                })}
            </ul>
          </div>
        ))
      )}
      {areas.length > 0 && heldElsewhere > 0 && (
        <p className="whanau-muted" data-testid="goals-held-elsewhere">
          {heldElsewhereText}
        </p>
      )}
      {shares && <NextSteps whanau={whanau} shares={shares} />}
    </section>
  );
}

/** The whānau's words on a goal, from their app: what they have done, what is getting in the way. */
function GoalComments({ comments }: { comments: readonly WhanauComment[] }) {
  const t = useT();
  if (comments.length === 0) return null;
  return (
    <ul className="whanau-voice-comments" aria-label={t('whanau.voice.comments')}>
      {comments.map((comment) => (
        <li key={comment._id} data-testid="whanau-comment">
          <p className="whanau-voice-comments__topic">{t(comment.topic === 'done' ? 'whanau.voice.done' : 'whanau.voice.inTheWay')}</p>
          <p className="whanau-contact__summary">{comment.text}</p>
          <p className="whanau-muted">{t('whanau.voice.byWhen', { name: comment.memberName, date: nzDateTime(comment.createdAt) })}</p>
        </li>
      ))}
    </ul>
  );
}

/** The open follow-ups and planned visits of the plan, each of which can be shared with the whānau. */
function NextSteps({ whanau, shares }: { whanau: ShownWhanau; shares: WhanauShares }) {
  const t = useT();
  const steps = whanau.tasks.filter((task) => task.doneAt === null);
  if (steps.length === 0) return null;
  return (
    <div className="whanau-area whanau-noprint">
      <h3>{t('whanau.share.stepsTitle')}</h3>
      <ul className="whanau-goals">
        {steps.map((task) => (
          <li key={task._id} className="whanau-goal" data-testid="plan-step">
            <p className="whanau-goal__text">{task.text}</p>
            <p className="whanau-goal__meta">
              <span>{t('whanau.share.due', { date: formatDate(task.dueOn) })}</span>
              {task.goalId && <span>{whanau.goals.find((goal) => goal._id === task.goalId)?.text}</span>}
            </p>
            <ShareToggle whanauId={whanau._id} itemKind="task" itemId={task._id} what={task.text} shares={shares} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const editFields = ['status', 'targetDate', 'text'] as const;

/** A goal's status, target date and words, changed on the version shown; only what changed is sent. */
function GoalEditForm({ goal, whanau, onDone }: { goal: GoalRecord; whanau: ShownWhanau; onDone: (saved: boolean) => void }) {
  const t = useT();
  const [status, setStatus] = useState<GoalStatus>(goal.status);
  const [targetDate, setTargetDate] = useState(goal.targetDate ?? '');
  const [text, setText] = useState(goal.text);
  const form = useFormErrors(editFields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = {
      ...(status !== goal.status ? { status } : {}),
      ...(targetDate !== (goal.targetDate ?? '') ? { targetDate: targetDate || null } : {}),
      ...(text.trim() !== goal.text ? { text } : {}),
    };
    if (Object.keys(changes).length === 0) onDone(false);
    else if (await form.send(() => queueGoalEdit(goal._id, goal.version, changes))) onDone(true);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="whanau-form whanau-noprint"
      aria-label={t('whanau.plan.editGoal', { goal: goal.text })}
    >
      <ErrorSummary state={form} />
      <p className="whanau-muted">{goalFor(goal, whanau, t)}</p>
      <TextArea
        label={t('whanau.goal.text')}
        name="text"
        rows={2}
        value={text}
        error={form.errorOf('text')}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <StatusAndDate status={status} targetDate={targetDate} onStatus={setStatus} onTargetDate={setTargetDate} errorOf={form.errorOf} />
      <div className="whanau-form__actions">
        <Button type="submit" disabled={form.saving}>
          {t('whanau.plan.saveEdit')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t('whanau.cancel')}
        </Button>
      </div>
    </form>
  );
}
