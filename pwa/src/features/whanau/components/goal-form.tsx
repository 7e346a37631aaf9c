import { useId, useState, type FormEvent } from 'react';
import { serviceTitle } from '@contract/catalogue';
import { goalAreas, goalStatuses, type GoalArea, type GoalStatus } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { SelectField } from '../../../components/select-field';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import type { ShownWhanau } from '../offline/whanau-items';
import type { NewGoal } from '../offline/whanau-writes';
import { areaLabel, personName, statusLabel } from './labels';

const goalFields = ['area', 'clientId', 'text', 'status', 'targetDate', 'serviceKey', 'goalId'] as const;

type GoalFormProps = {
  whanau: ShownWhanau;
  /** The services this kaimahi may name for a goal. */
  services: readonly string[];
  heading: string;
  submitLabel: string;
  /** What the form opens with (a goal the whānau suggested). */
  initial?: { text: string; area?: GoalArea | null };
  /** Queues the goal (a plain new goal, or a suggestion's answer with it). */
  save: (goal: NewGoal) => Promise<unknown>;
  onDone: (saved: boolean) => void;
};

/** A new goal of the plan: its area, who it is for, its words, status, target date and service. */
export function GoalForm({ whanau, services, heading, submitLabel, initial, save, onDone }: GoalFormProps) {
  const t = useT();
  const headingId = useId();
  const [area, setArea] = useState<GoalArea | ''>(initial?.area ?? '');
  const [clientId, setClientId] = useState('');
  const [text, setText] = useState(initial?.text ?? '');
  const [status, setStatus] = useState<GoalStatus>('not started');
  const [targetDate, setTargetDate] = useState('');
  const [serviceKey, setServiceKey] = useState(services[0] ?? '');
  const form = useFormErrors(goalFields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await form.send(() => save({ whanauId: whanau._id, clientId, area, text, status, targetDate, serviceKey }))) onDone(true);
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form whanau-form--inset whanau-noprint" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <ErrorSummary state={form} />
      <div className="whanau-form__row">
        <SelectField
          label={t('whanau.goal.area')}
          name="area"
          value={area}
          error={form.errorOf('area')}
          onChange={(event) => setArea(event.currentTarget.value as GoalArea | '')}
        >
          <option value="">{t('whanau.choose')}</option>
          {goalAreas.map((value) => (
            <option key={value} value={value}>
              {plainText(t(areaLabel[value]))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('whanau.goal.for')}
          name="clientId"
          value={clientId}
          error={form.errorOf('clientId')}
          onChange={(event) => setClientId(event.currentTarget.value)}
        >
          <option value="">{t('whanau.plan.forWhanau')}</option>
          {whanau.members.flatMap((member) =>
            member.client && member.clientId
              ? [
                  <option key={member._id} value={member.clientId}>
                    {personName(member.client)}
                  </option>,
                ]
              : [],
          )}
        </SelectField>
      </div>
      <TextArea
        label={t('whanau.goal.text')}
        name="text"
        rows={3}
        value={text}
        error={form.errorOf('text')}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <StatusAndDate status={status} targetDate={targetDate} onStatus={setStatus} onTargetDate={setTargetDate} errorOf={form.errorOf} />
      <ServiceChoice services={services} value={serviceKey} onChange={setServiceKey} error={form.errorOf('serviceKey')} />
      <div className="whanau-form__actions">
        <Button type="submit" disabled={form.saving}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t('whanau.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A goal's status and target date, side by side (a new goal and an edit alike). */
export function StatusAndDate({
  status,
  targetDate,
  onStatus,
  onTargetDate,
  errorOf,
}: {
  status: GoalStatus;
  targetDate: string;
  onStatus: (status: GoalStatus) => void;
  onTargetDate: (date: string) => void;
  errorOf: (field: 'status' | 'targetDate') => string | undefined;
}) {
  const t = useT();
  return (
    <div className="whanau-form__row">
      <SelectField
        label={t('whanau.goal.status')}
        name="status"
        value={status}
        error={errorOf('status')}
        onChange={(event) => onStatus(event.currentTarget.value as GoalStatus)}
      >
        {goalStatuses.map((value) => (
          <option key={value} value={value}>
            {t(statusLabel[value])}
          </option>
        ))}
      </SelectField>
      <TextField
        type="date"
        label={t('whanau.goal.targetDate')}
        name="targetDate"
        value={targetDate}
        error={errorOf('targetDate')}
        onChange={(event) => onTargetDate(event.currentTarget.value)}
      />
    </div>
  );
}

/**
 * Which of the kaimahi's services a record is under: a choice when they work in more than one;
 * with one, nothing to choose, and a problem with it still shown.
 */
export function ServiceChoice({
  services,
  value,
  onChange,
  error,
}: {
  services: readonly string[];
  value: string;
  onChange: (serviceKey: string) => void;
  error: string | undefined;
}) {
  const t = useT();
  if (services.length <= 1) return error ? <p className="field__error">{error}</p> : null;
  return (
    <SelectField label={t('whanau.goal.service')} name="serviceKey" value={value} error={error} onChange={(event) => onChange(event.currentTarget.value)}>
      {services.map((key) => (
        <option key={key} value={key}>
          {serviceTitle(key)}
        </option>
      ))}
    </SelectField>
  );
}
