import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { serviceCatalogue } from '@contract/catalogue';
import { serviceKeys } from '@contract/enrolments';
import { contactKinds, type ContactKind } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { queueContact } from '../offline/whanau-writes';
import { contactKindLabel, personName, today } from './labels';
import type { ClientLookup } from './members-section';
import { goalFor } from './plan-section';
import { useShownWhanau, type WhanauUser } from './whanau-page';
import './whanau.css';

const fields = ['kind', 'on', 'minutes', 'presentClientIds', 'goalIds', 'summary', 'serviceKey', 'outputs'] as const;

type OutputRow = { key: string; kind: string; quantity: string; unit: string; value: string };
const emptyOutput = (): OutputRow => ({ key: crypto.randomUUID(), kind: '', quantity: '', unit: '', value: '' });
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
  const [outputs, setOutputs] = useState<OutputRow[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(fields);

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
  const setOutput = (key: string, change: Partial<OutputRow>) => setOutputs((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    setSaving(true);
    try {
      await queueContact({
        whanauId: id,
        on,
        kind,
        minutes: numberOf(minutes),
        serviceKey,
        presentClientIds: present,
        goalIds,
        outputs: outputs.map((row) => ({ kind: row.kind, quantity: numberOf(row.quantity), unit: row.unit, value: numberOf(row.value) })),
        summary,
      });
      onSaved();
    } catch (error) {
      form.showFailure(error);
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
          {services.length > 1 && (
            <SelectField
              label={t('whanau.goal.service')}
              name="serviceKey"
              value={serviceKey}
              error={form.errorOf('serviceKey')}
              onChange={(event) => setServiceKey(event.currentTarget.value)}
            >
              {services.map((key) => (
                <option key={key} value={key}>
                  {serviceCatalogue.find((service) => service.key === key)?.title ?? key}
                </option>
              ))}
            </SelectField>
          )}
          <fieldset className="whanau-outputs">
            <legend>{t('whanau.contact.outputs')}</legend>
            <p className="field__hint">{t('whanau.contact.outputsHint')}</p>
            {outputs.map((row, index) => (
              <div key={row.key} className="whanau-output" role="group" aria-label={t('whanau.contact.outputN', { n: index + 1 })}>
                <TextField
                  label={t('whanau.output.kind')}
                  name={`output-${index}-kind`}
                  value={row.kind}
                  onChange={(event) => setOutput(row.key, { kind: event.currentTarget.value })}
                />
                <TextField
                  type="number"
                  min={0}
                  step="any"
                  label={t('whanau.output.quantity')}
                  name={`output-${index}-quantity`}
                  value={row.quantity}
                  onChange={(event) => setOutput(row.key, { quantity: event.currentTarget.value })}
                />
                <TextField
                  label={t('whanau.output.unit')}
                  name={`output-${index}-unit`}
                  value={row.unit}
                  onChange={(event) => setOutput(row.key, { unit: event.currentTarget.value })}
                />
                <TextField
                  type="number"
                  min={0}
                  step="0.01"
                  label={t('whanau.output.value')}
                  name={`output-${index}-value`}
                  value={row.value}
                  onChange={(event) => setOutput(row.key, { value: event.currentTarget.value })}
                />
                <Button variant="ghost" size="sm" onClick={() => setOutputs((current) => current.filter((other) => other.key !== row.key))}>
                  {t('whanau.output.remove')}
                </Button>
              </div>
            ))}
            {form.errorOf('outputs') && <p className="field__error">{form.errorOf('outputs')}</p>}
            <Button variant="outline" size="sm" onClick={() => setOutputs((current) => [...current, emptyOutput()])}>
              {t('whanau.output.add')}
            </Button>
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
