import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { serviceKeys } from '@contract/enrolments';
import type { ServiceOutput } from '@contract/reports';
import { contactKinds, type ContactKind } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, errorItemsOf, useFormErrors } from '../../../components/form-errors';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { Rich } from '../../../i18n/rich-text';
import { translate } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { staffPaths } from '../../../lib/staff-paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { offeredOutputs } from '../offline/outputs-copy';
import { useOutputsCopyRevision } from '../offline/use-whanau-copy';
import { queueContact } from '../offline/whanau-writes';
import { contactKindLabel, outputName, personName, today } from './labels';
import type { ClientLookup } from './members-section';
import { ServiceChoice } from './goal-form';
import { goalFor } from './plan-section';
import { useShownWhanau, type WhanauUser } from './whanau-page';
import './whanau.css';

const fields = ['kind', 'on', 'minutes', 'presentClientIds', 'goalIds', 'summary', 'serviceKey', 'outputs'] as const;

/** What was typed for one of the service's outputs; an output left empty was not delivered. */
type Delivered = { quantity: string; value: string };
const nothing: Delivered = { quantity: '', value: '' };
const isFilled = (typed: Delivered) => typed.quantity.trim() !== '' || typed.value.trim() !== '';
/** An output's problem as the payload names it (`outputs.0.quantity`): its place in the list and its field. */
const outputParam = /^outputs\.(\d+)\.(quantity|value)$/;
/** A number typed in a field, or the text itself when it is not one (the schema names the problem). */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);

type RecordContactPageProps = { id: string; user: WhanauUser; isManager: boolean; lookup: ClientLookup; onSaved: () => void };

/**
 * /whanau/{id}/contact: a home visit, phone call, office, marae or online contact with the whānau:
 * the date, minutes, who was there, which goals it served, a summary (a case note, never edited)
 * and the service outputs delivered. Saved on this device, sent when there is signal.
 */
export function RecordContactPage({ id, user, isManager, lookup, onSaved }: RecordContactPageProps) {
  const t = useT();
  usePageTitle(t('whanau.contact.title'));
  const { shown, query } = useShownWhanau(id, user, lookup);
  const services = isManager ? serviceKeys : user.services;
  const [kind, setKind] = useState<ContactKind>('home visit');
  const [on, setOn] = useState(today);
  const [minutes, setMinutes] = useState('');
  const [present, setPresent] = useState<string[]>([]);
  const [goalIds, setGoalIds] = useState<string[]>([]);
  const [summary, setSummary] = useState('');
  const [serviceKey, setServiceKey] = useState(services[0] ?? '');
  const [delivered, setDelivered] = useState<Readonly<Record<string, Delivered>>>({});
  /** Problems of each output's fields, by output id then field. */
  const [outputErrors, setOutputErrors] = useState<Readonly<Record<string, Partial<Record<keyof Delivered, string>>>>>({});
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(fields);
  const language = useLanguage();
  useOutputsCopyRevision();
  const offered = offeredOutputs(serviceKey);

  if (!shown) {
    return (
      <>
        <PageHeader eyebrow={<Rich id="whanau.list.title" />} title={t('whanau.contact.title')} />
        <div className="container page-body whanau">
          {query.isPending ? <Spinner /> : <p className="whanau-card whanau-card--notice">{t('whanau.page.notKept')}</p>}
        </div>
      </>
    );
  }

  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value]);
  const setTyped = (outputId: string, change: Partial<Delivered>) =>
    setDelivered((current) => ({ ...current, [outputId]: { ...(current[outputId] ?? nothing), ...change } }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    setOutputErrors({});
    setSaving(true);
    // Only the chosen service's outputs, those something was typed for, in the service's order.
    const sent = (offered ?? []).filter((output) => isFilled(delivered[output._id] ?? nothing));
    try {
      await queueContact({
        whanauId: id,
        on,
        kind,
        minutes: numberOf(minutes),
        serviceKey,
        presentClientIds: present,
        goalIds,
        outputs: sent.map((output) => {
          const typed = delivered[output._id] ?? nothing;
          return {
            kind: output._id,
            quantity: numberOf(typed.quantity),
            unit: output.unit ?? undefined,
            value: output.hasValue ? numberOf(typed.value) : undefined,
          };
        }),
        summary,
      });
      onSaved();
    } catch (error) {
      // A problem of one output goes beside its field, and in the summary under the output's name.
      const rows: Record<string, Partial<Record<keyof Delivered, string>>> = {};
      const summaryLines: string[] = [];
      const others = errorItemsOf(error).filter((item) => {
        const match = outputParam.exec(item.param ?? '');
        const output = match ? sent[Number(match[1])] : undefined;
        if (!match || !output) return true;
        const message = errorMessage(item, { withField: false });
        rows[output._id] = { ...rows[output._id], [match[2] as keyof Delivered]: message };
        summaryLines.push(translate('error.onField', { field: outputName(output, language), message }));
        return false;
      });
      setOutputErrors(rows);
      form.show(others, { outputs: summaryLines });
    } finally {
      setSaving(false);
    }
  }

  const members = shown.members.filter((member) => member.client && member.clientId);
  return (
    <>
      <PageHeader eyebrow={shown.name} title={t('whanau.contact.title')} />
      <div className="container page-body whanau">
        <p>
          <Link to={staffPaths.whanau(id)}>{t('whanau.contact.back', { name: shown.name })}</Link>
        </p>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-card whanau-form" aria-label={t('whanau.contact.title')}>
          <ErrorSummary state={form} />
          <fieldset className="whanau-choice whanau-choice--grid">
            <legend>{t('whanau.contact.kind')}</legend>
            {contactKinds.map((value) => (
              <label key={value}>
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} /> <Rich id={contactKindLabel[value]} />
              </label>
            ))}
          </fieldset>
          <div className="whanau-form__row">
            <TextField
              type="date"
              label={t('whanau.contact.on')}
              name="on"
              value={on}
              error={form.errorOf('on')}
              onChange={(event) => setOn(event.currentTarget.value)}
            />
            <TextField
              type="number"
              inputMode="numeric"
              min={0}
              label={t('whanau.contact.minutes')}
              name="minutes"
              value={minutes}
              error={form.errorOf('minutes')}
              onChange={(event) => setMinutes(event.currentTarget.value)}
            />
          </div>
          {members.length > 0 && (
            <fieldset className="whanau-choice">
              <legend>{t('whanau.contact.present')}</legend>
              {members.map((member) => (
                <label key={member._id}>
                  <input
                    type="checkbox"
                    name="presentClientIds"
                    checked={present.includes(member.clientId ?? '')}
                    onChange={() => setPresent((current) => toggle(current, member.clientId ?? ''))}
                  />{' '}
                  {member.client ? personName(member.client) : ''}
                </label>
              ))}
            </fieldset>
          )}
          {shown.goals.length > 0 && (
            <fieldset className="whanau-choice">
              <legend>{t('whanau.contact.goals')}</legend>
              {shown.goals.map((goal) => (
                <label key={goal._id}>
                  <input
                    type="checkbox"
                    name="goalIds"
                    checked={goalIds.includes(goal._id)}
                    onChange={() => setGoalIds((current) => toggle(current, goal._id))}
                  />{' '}
                  {goal.text} <span className="whanau-muted">({goalFor(goal, shown, t)})</span>
                </label>
              ))}
            </fieldset>
          )}
          <TextArea
            label={t('whanau.contact.summary')}
            hint={t('whanau.contact.summaryHint')}
            name="summary"
            rows={5}
            value={summary}
            error={form.errorOf('summary')}
            onChange={(event) => setSummary(event.currentTarget.value)}
          />
          <ServiceChoice services={services} value={serviceKey} onChange={setServiceKey} error={form.errorOf('serviceKey')} />
          <fieldset className="whanau-outputs" name="outputs" tabIndex={-1}>
            <legend>{t('whanau.contact.outputs')}</legend>
            {offered === undefined ? (
              <p className="whanau-muted">{t('whanau.contact.outputsNotKept')}</p>
            ) : offered.length === 0 ? (
              <p className="whanau-muted">{t('whanau.contact.noOutputs')}</p>
            ) : (
              <>
                <p className="field__hint">{t('whanau.contact.outputsHint')}</p>
                {offered.map((output) => (
                  <OutputFields
                    key={output._id}
                    output={output}
                    name={outputName(output, language)}
                    typed={delivered[output._id] ?? nothing}
                    errors={outputErrors[output._id] ?? {}}
                    onChange={(change) => setTyped(output._id, change)}
                  />
                ))}
              </>
            )}
            {form.errorOf('outputs') && <p className="field__error">{form.errorOf('outputs')}</p>}
          </fieldset>
          <div className="whanau-form__actions">
            <Button type="submit" disabled={saving}>
              {t('whanau.contact.save')}
            </Button>
          </div>
        </form>
      </div>
    </>
  );
}

type OutputFieldsProps = {
  output: ServiceOutput;
  name: string;
  typed: Delivered;
  errors: Partial<Record<keyof Delivered, string>>;
  onChange: (change: Partial<Delivered>) => void;
};

/** One output of the service: how many or how much, and its dollar value where it has one. */
function OutputFields({ output, name, typed, errors, onChange }: OutputFieldsProps) {
  const t = useT();
  const nameId = useId();
  return (
    <div className="whanau-output" role="group" aria-labelledby={nameId}>
      <p id={nameId} className="whanau-output__name">
        {name}
      </p>
      <TextField
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        label={output.unit ? t('whanau.output.quantityIn', { unit: output.unit }) : t('whanau.output.quantity')}
        name={`output-${output._id}-quantity`}
        value={typed.quantity}
        error={errors.quantity}
        onChange={(event) => onChange({ quantity: event.currentTarget.value })}
      />
      {output.hasValue && (
        <TextField
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          label={t('whanau.output.value')}
          name={`output-${output._id}-value`}
          value={typed.value}
          error={errors.value}
          onChange={(event) => onChange({ value: event.currentTarget.value })}
        />
      )}
    </div>
  );
}
