import { useState, type FormEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { serviceCatalogue, serviceTitle } from '@contract/catalogue';
import type { CounterMeasure, CounterSetting, ServiceOutput } from '@contract/reports';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { QueryState } from '../../../components/manage/query-state';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { formatNumber } from '../../../i18n/i18n';
import { SpecText } from '../../../i18n/spec-text';
import type { SpecKey } from '../../../i18n/spec';
import { useLanguage, useT } from '../../../i18n/use-t';
import { useCounterSettings, useUpdateCounter } from '../api/counter-settings';
import { serviceOutputsQuery } from '../api/service-outputs';

const fields = ['outputId', 'measure', 'since'] as const;

function CounterForm({ counter, outputs }: { counter: CounterSetting; outputs: ServiceOutput[] }) {
  const t = useT();
  const language = useLanguage();
  const { setAlert } = useAlerts();
  const update = useUpdateCounter();
  const form = useFormErrors(fields);
  const [outputId, setOutputId] = useState(counter.outputId ?? '');
  const [measure, setMeasure] = useState<CounterMeasure>(counter.measure);
  const [since, setSince] = useState(counter.since ?? '');
  const chosen = outputs.find((output) => output._id === outputId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await form.send(() => update.mutateAsync({ key: counter.key, changes: { outputId: outputId || null, measure, since: since || null } })))
      setAlert(t('counters.saved'), 'success');
  }

  const id = `counter-${counter.key}`;
  return (
    <form className="manage-form counters__item" noValidate aria-labelledby={id} onSubmit={(event) => void submit(event)}>
      <h3 id={id}>
        <SpecText id={counter.key as SpecKey} />
      </h3>
      <p>
        {t('counters.base', { base: formatNumber(counter.base) })} · <strong>{t('counters.shows', { value: formatNumber(counter.value) })}</strong>
      </p>
      <ErrorSummary state={form} />
      <SelectField
        label={t('counters.output')}
        name="outputId"
        value={outputId}
        error={form.errorOf('outputId')}
        onChange={(event) => setOutputId(event.currentTarget.value)}
      >
        <option value="">{t('counters.noOutput')}</option>
        {outputs.map((output) => (
          <option key={output._id} value={output._id}>
            {serviceTitle(output.serviceKey)}: {language === 'mi' ? output.nameMi : output.name}
            {output.unit ? ` (${output.unit})` : ''}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('counters.measure')}
        name="measure"
        value={measure}
        error={form.errorOf('measure')}
        onChange={(event) => setMeasure(event.currentTarget.value as CounterMeasure)}
      >
        <option value="quantity">{t('counters.measure.quantity')}</option>
        {(chosen?.hasValue ?? measure === 'value') && <option value="value">{t('counters.measure.value')}</option>}
      </SelectField>
      <TextField
        label={t('counters.since')}
        name="since"
        type="date"
        value={since}
        error={form.errorOf('since')}
        onChange={(event) => setSince(event.currentTarget.value)}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {t('counters.save')}
      </Button>
    </form>
  );
}

/** The home page counters: each keeps the trust's figure and may add an output's recorded total since a date. */
export function CounterSettings() {
  const t = useT();
  const counters = useCounterSettings();
  const outputs = useQueries({ queries: serviceCatalogue.map((service) => serviceOutputsQuery(service.key)) });
  const all = outputs.flatMap((query) => query.data ?? []);
  return (
    <section className="manage-card counters" aria-labelledby="counters-heading">
      <h2 id="counters-heading">{t('counters.title')}</h2>
      <p>{t('counters.lead')}</p>
      <QueryState query={counters}>
        {(list) => (
          <div className="counters__list">
            {list.map((counter) => (
              <CounterForm key={`${counter.key}:${counter.outputId}:${counter.measure}:${counter.since}:${all.length}`} counter={counter} outputs={all} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
