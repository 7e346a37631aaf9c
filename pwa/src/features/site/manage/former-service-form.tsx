import { useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { CreateFormerServiceSchema, type FormerService } from '@contract/site';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import { useSaveFormerService, type FormerServiceFields } from './former-service-changes';

type Field = keyof FormerServiceFields;
const fieldNames: Field[] = ['title', 'years', 'text'];

/** Adds or edits one programme the trust ran before: its title, the years it ran and a few lines about it. */
export function FormerServiceForm({ service, onDone }: { service?: FormerService; onDone: () => void }) {
  const t = useT();
  const save = useSaveFormerService();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState<FormerServiceFields>({ title: service?.title ?? '', years: service?.years ?? '', text: service?.text ?? '' });
  const formErrors = useFormErrors(fieldNames);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = checkInput(CreateFormerServiceSchema, values);
    if (!parsed.success) {
      formErrors.show(parsed.errors);
      return;
    }
    formErrors.clear();
    try {
      const saved = await save.mutateAsync({ id: service?._id, fields: values });
      setAlert(t('manage.former.saved', { title: saved.title }), 'success');
      onDone();
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    }
  }

  const sending = save.isPending;
  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    // Read the value now: React clears `currentTarget` once the event is handled.
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const title = service ? t('manage.former.editTitle', { title: service.title }) : t('manage.former.addTitle');

  return (
    <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={title}>
      <ErrorSummary state={formErrors} />
      <h3 className="manage-form__title">{title}</h3>
      <TextField
        label={t('manage.former.title')}
        name="title"
        required
        value={values.title}
        error={formErrors.errorOf('title')}
        readOnly={sending}
        onChange={set('title')}
      />
      <TextField
        label={t('manage.former.years')}
        name="years"
        hint={t('manage.former.yearsHint')}
        value={values.years}
        error={formErrors.errorOf('years')}
        readOnly={sending}
        onChange={set('years')}
      />
      <TextArea
        label={t('manage.former.text')}
        name="text"
        rows={4}
        value={values.text}
        error={formErrors.errorOf('text')}
        readOnly={sending}
        onChange={set('text')}
      />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? t('manage.former.saving') : t('manage.former.save')}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={sending}>
          {t('manage.cancel')}
        </Button>
      </div>
    </form>
  );
}
