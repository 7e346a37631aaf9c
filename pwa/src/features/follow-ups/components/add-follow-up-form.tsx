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

/** Whom a follow-up can be for: a client or a whānau, as the route offers them. */
export type FollowUpSubject = { kind: 'client' | 'whanau'; _id: string; name: string };
export type FollowUpGoal = { _id: string; text: string };

export type AddFollowUpFormProps = {
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

const fields = ['subject', 'text', 'dueOn', 'goalId'] as const;
const subjectValue = (subject: FollowUpSubject) => `${subject.kind}:${subject._id}`;

/** Adds a follow-up: what to do, by when, for whom, maybe for a goal; assigned to the kaimahi adding it. */
export function AddFollowUpForm({ subject, subjects = [], goals = [], onAdded, idPrefix = 'follow-up' }: AddFollowUpFormProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [dueOn, setDueOn] = useState(() => nzToday());
  const [chosen, setChosen] = useState('');
  const [goalId, setGoalId] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const errors = useFormErrors(fields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
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
      text,
      dueOn,
    };
    setSaving(true);
    try {
      const id = await queueFollowUp(input);
      setText('');
      setGoalId('');
      setStatus(t('followUps.add.saved'));
      onAdded?.(id, target);
    } catch (error) {
      errors.showFailure(error);
    } finally {
      setSaving(false);
    }
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
        readOnly={saving}
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
      <p className="follow-up-form__hint">{t('followUps.add.assigned')}</p>
      <div className="follow-up-form__actions">
        <Button type="submit" disabled={saving}>
          {saving ? t('clients.saving') : t('followUps.add.save')}
        </Button>
        <p className="clients-status" role="status">
          {status}
        </p>
      </div>
    </form>
  );
}
