import { useState, type FormEvent } from 'react';
import { serviceCatalogue } from '@contract/catalogue';
import { checkInput } from '@contract/errors';
import { CreateServiceOutputSchema, type ServiceOutput } from '@contract/reports';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { QueryState } from '../../../components/manage/query-state';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useLanguage, useT } from '../../../i18n/use-t';
import { useCreateServiceOutput, useDeleteServiceOutput, useServiceOutputs, useUpdateServiceOutput } from '../api/service-outputs';
import { CounterSettings } from './counter-settings';
import '../../../components/manage/manage.css';
import './outputs.css';

const fields = ['name', 'nameMi', 'unit', 'hasValue'] as const;

function AddOutputForm({ serviceKey }: { serviceKey: string }) {
  const t = useT();
  const { setAlert } = useAlerts();
  const create = useCreateServiceOutput(serviceKey);
  const form = useFormErrors(fields);
  const [values, setValues] = useState({ name: '', nameMi: '', unit: '', hasValue: false });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkInput(CreateServiceOutputSchema, values);
    if (!checked.success) return form.show(checked.errors);
    if (await form.send(() => create.mutateAsync(checked.data))) {
      setValues({ name: '', nameMi: '', unit: '', hasValue: false });
      setAlert(t('outputs.added'), 'success');
    }
  }

  return (
    <form className="manage-form outputs__add" noValidate onSubmit={(event) => void submit(event)}>
      <h3>{t('outputs.addTitle')}</h3>
      <ErrorSummary state={form} />
      <TextField
        label={t('outputs.name')}
        name="name"
        value={values.name}
        error={form.errorOf('name')}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
      />
      <TextField
        label={t('outputs.nameMi')}
        name="nameMi"
        lang="mi"
        value={values.nameMi}
        error={form.errorOf('nameMi')}
        onChange={(event) => setValues({ ...values, nameMi: event.currentTarget.value })}
      />
      <TextField
        label={t('outputs.unit')}
        name="unit"
        value={values.unit}
        error={form.errorOf('unit')}
        onChange={(event) => setValues({ ...values, unit: event.currentTarget.value })}
      />
      <label className="outputs__check">
        <input
          type="checkbox"
          name="hasValue"
          checked={values.hasValue}
          onChange={(event) => setValues({ ...values, hasValue: event.currentTarget.checked })}
        />
        <span>{t('outputs.hasValue')}</span>
      </label>
      <Button type="submit" disabled={create.isPending}>
        {t('outputs.add')}
      </Button>
    </form>
  );
}

function OutputRow({ output, last }: { output: ServiceOutput; last: number }) {
  const t = useT();
  const language = useLanguage();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const update = useUpdateServiceOutput(output.serviceKey);
  const remove = useDeleteServiceOutput(output.serviceKey);
  const busy = update.isPending || remove.isPending;
  const name = language === 'mi' ? output.nameMi : output.name;
  const change = async (changes: Parameters<typeof update.mutateAsync>[0]['changes']) => {
    try {
      await update.mutateAsync({ id: output._id, changes });
      setAlert(t('outputs.saved'), 'success');
    } catch (error) {
      showErrors(error);
    }
  };
  return (
    <li className={`outputs__item${output.retired ? ' outputs__item--retired' : ''}`}>
      <div className="outputs__what">
        <strong>{name}</strong>
        <span lang={language === 'mi' ? 'en' : 'mi'}> · {language === 'mi' ? output.name : output.nameMi}</span>
        {output.unit ? <span> · {output.unit}</span> : null}
        {output.hasValue ? <span> · {t('outputs.withValue')}</span> : null}
        {output.retired ? <span className="outputs__tag">{t('outputs.retired')}</span> : null}
        {output.used ? <span className="outputs__tag">{t('outputs.used')}</span> : null}
      </div>
      <div className="outputs__actions">
        <Button
          size="sm"
          variant="outline"
          disabled={busy || output.order === 0}
          onClick={() => void change({ order: Math.max(0, output.order - 1) })}
          aria-label={t('outputs.moveUp', { name })}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || output.order >= last}
          onClick={() => void change({ order: output.order + 1 })}
          aria-label={t('outputs.moveDown', { name })}
        >
          ↓
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void change({ retired: !output.retired })}>
          {output.retired ? t('outputs.restore') : t('outputs.retire')}
        </Button>
        {!output.used && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void remove.mutateAsync(output._id).then(
                () => setAlert(t('outputs.deleted'), 'danger'),
                (error: unknown) => showErrors(error),
              )
            }
          >
            {t('outputs.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** /manage/outputs: each service's outputs (add, reorder, retire, delete while unused) and the home page counters. */
export function OutputsPage() {
  const t = useT();
  const [serviceKey, setServiceKey] = useState(serviceCatalogue[0]?.key ?? '');
  const outputs = useServiceOutputs(serviceKey);
  return (
    <>
      <ManagePageHeader eyebrow={t('outputs.eyebrow')} title={t('outputs.title')} lead={t('outputs.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card outputs" aria-labelledby="outputs-heading">
          <h2 id="outputs-heading">{t('outputs.title')}</h2>
          <SelectField label={t('outputs.service')} name="service" value={serviceKey} onChange={(event) => setServiceKey(event.currentTarget.value)}>
            {serviceCatalogue.map((service) => (
              <option key={service.key} value={service.key}>
                {service.title}
              </option>
            ))}
          </SelectField>
          <QueryState query={outputs}>
            {(list) =>
              list.length === 0 ? (
                <p>{t('outputs.none')}</p>
              ) : (
                <ol className="outputs__list">
                  {list.map((output) => (
                    <OutputRow key={output._id} output={output} last={Math.max(...list.map((one) => one.order))} />
                  ))}
                </ol>
              )
            }
          </QueryState>
          <AddOutputForm key={serviceKey} serviceKey={serviceKey} />
        </section>
        <CounterSettings />
      </div>
    </>
  );
}
