import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { SelectField } from '../../../components/select-field';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import type { NewFollowUp } from '../api/types';
import { nzToday } from '../due';
import { queueFollowUp } from '../offline/follow-up-writes';
import { staffKeptFor, staffOfServices } from '../offline/staff-copy';
import { useStaffCopyRevision } from '../offline/use-staff-copy';

/** Whom a follow-up can be for: a client or a whānau, as the route offers them. */
export type FollowUpSubject = { kind: 'client' | 'whanau'; _id: string; name: string };
/** A goal it may serve, with the service it is worked under (whose kaimahi may then do it). */
export type FollowUpGoal = { _id: string; text: string; serviceKey?: string };
/**
 * The kaimahi adding follow-ups: who they are, and the services whose kaimahi they may assign one
 * to (their own; a manager's: all). Decision 106.
 */
export type FollowUpKaimahi = { _id: string; name: string; services: readonly string[] };

export type AddFollowUpFormProps = {
  /** Who is adding it: first and chosen in "Who does it". */
  kaimahi: FollowUpKaimahi;
  /** The one client or whānau it is for (a client's or whānau's page)… */
  subject?: FollowUpSubject;
  /** …or the ones to choose from (the start screen). */
  subjects?: readonly FollowUpSubject[];
  /** Goals it may serve (a whānau's plan). */
  goals?: readonly FollowUpGoal[];
  /** Said when it is saved on this device, with its id. */
  onAdded?: (id: string, subject: FollowUpSubject) => void;
  idPrefix?: string;
};

const fields = ['subject', 'text', 'dueOn', 'goalId', 'assignedTo'] as const;
const subjectValue = (subject: FollowUpSubject) => `${subject.kind}:${subject._id}`;

/**
 * Adds a follow-up: what to do, by when, for whom, maybe for a goal, and who does it: the kaimahi
 * adding it unless they choose a colleague of the goal's service (or, with no goal, of their own
 * services), as kept on this device (decision 106).
 */
export function AddFollowUpForm({ kaimahi, subject, subjects = [], goals = [], onAdded, idPrefix = 'follow-up' }: AddFollowUpFormProps) {
  const t = useT();
  useStaffCopyRevision();
  const [text, setText] = useState('');
  const [dueOn, setDueOn] = useState(() => nzToday());
  const [chosen, setChosen] = useState('');
  const [goalId, setGoalId] = useState('');
  const [chosenAssignee, setChosenAssignee] = useState(kaimahi._id);
  const [status, setStatus] = useState('');
  const errors = useFormErrors(fields);
  const goalService = goals.find((goal) => goal._id === goalId)?.serviceKey;
  const assignable = goalService ? [goalService] : kaimahi.services;
  const colleagues = staffOfServices(assignable).filter((member) => member._id !== kaimahi._id);
  // No colleague to offer: either no one else works on the service, or this device has not had signal to learn who does.
  const noColleaguesHint = staffKeptFor(assignable) ? t('followUps.add.aloneOnService') : t('followUps.add.noColleagues');
  // A colleague chosen for another goal's service falls back to the kaimahi themselves.
  const assignee = colleagues.find((member) => member._id === chosenAssignee);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    setStatus('');
    const target = subject ?? subjects.find((one) => subjectValue(one) === chosen);
    if (!target) {
      errors.show([], { subject: [t('followUps.add.subjectMissing')] });
      return;
    }
    const input: NewFollowUp = {
      ...(target.kind === 'client' ? { clientId: target._id } : { whanauId: target._id }),
      ...(goalId ? { goalId } : {}),
      ...(assignee ? { assignedTo: assignee._id } : {}),
      text,
      dueOn,
    };
    await errors.send(async () => {
      const id = await queueFollowUp(input);
      setText('');
      setGoalId('');
      setChosenAssignee(kaimahi._id);
      setStatus(assignee ? t('followUps.add.savedFor', { name: assignee.name }) : t('followUps.add.saved'));
      onAdded?.(id, target);
    });
  }

  return (
    <form noValidate className="follow-up-form" onSubmit={(event) => void handleSubmit(event)}>
      <ErrorSummary state={errors} />
      {!subject && (
        <SelectField
          label={t('followUps.add.subject')}
          name="subject"
          id={`${idPrefix}-subject`}
          required
          value={chosen}
          error={errors.errorOf('subject')}
          onChange={(event) => setChosen(event.currentTarget.value)}
        >
          <option value="">{t('followUps.add.subjectPick')}</option>
          {subjects.map((one) => (
            <option key={subjectValue(one)} value={subjectValue(one)}>
              {one.kind === 'whanau' ? t('followUps.add.whanauOption', { name: one.name }) : one.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextArea
        label={t('followUps.add.text')}
        name="text"
        id={`${idPrefix}-text`}
        rows={2}
        required
        value={text}
        error={errors.errorOf('text')}
        readOnly={errors.saving}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setStatus('');
        }}
      />
      <div className="follow-up-form__row">
        <TextField
          label={t('followUps.add.dueOn')}
          name="dueOn"
          id={`${idPrefix}-due`}
          type="date"
          required
          value={dueOn}
          error={errors.errorOf('dueOn')}
          onChange={(event) => setDueOn(event.currentTarget.value)}
        />
        {goals.length > 0 && (
          <SelectField
            label={t('followUps.add.goal')}
            name="goalId"
            id={`${idPrefix}-goal`}
            value={goalId}
            error={errors.errorOf('goalId')}
            onChange={(event) => setGoalId(event.currentTarget.value)}
          >
            <option value="">{t('followUps.add.noGoal')}</option>
            {goals.map((goal) => (
              <option key={goal._id} value={goal._id}>
                {goal.text}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <SelectField
        label={t('followUps.add.assignee')}
        name="assignedTo"
        id={`${idPrefix}-assignee`}
        value={assignee?._id ?? kaimahi._id}
        error={errors.errorOf('assignedTo')}
        hint={colleagues.length === 0 ? noColleaguesHint : undefined}
        onChange={(event) => setChosenAssignee(event.currentTarget.value)}
      >
        <option value={kaimahi._id}>{t('followUps.add.assigneeSelf', { name: kaimahi.name })}</option>
        {colleagues.map((member) => (
          <option key={member._id} value={member._id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <div className="follow-up-form__actions">
        <Button type="submit" disabled={errors.saving}>
          {errors.saving ? t('clients.saving') : t('followUps.add.save')}
        </Button>
        <p className="clients-status" role="status">
          {status}
        </p>
      </div>
    </form>
  );
}
