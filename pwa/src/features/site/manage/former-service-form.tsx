import { checkInput } from '@contract/errors';
import { CreateFormerServiceSchema, type FormerService } from '@contract/site';
import { useT } from '../../../i18n/use-t';
import { useSaveFormerService } from './former-service-changes';
import { OrderedItemForm } from './ordered-item-form';

/** Adds or edits one programme the trust ran before: its title, the years it ran and a few lines about it. */
export function FormerServiceForm({ service, onDone }: { service?: FormerService; onDone: () => void }) {
  const t = useT();
  const save = useSaveFormerService();
  return (
    <OrderedItemForm
      title={service ? t('manage.former.editTitle', { title: service.title }) : t('manage.former.addTitle')}
      fields={[
        { name: 'title', label: t('manage.former.title'), required: true },
        { name: 'years', label: t('manage.former.years'), hint: t('manage.former.yearsHint') },
        { name: 'text', label: t('manage.former.text'), rows: 4 },
      ]}
      initialValues={{ title: service?.title ?? '', years: service?.years ?? '', text: service?.text ?? '' }}
      problems={(values) => {
        const parsed = checkInput(CreateFormerServiceSchema, values);
        return parsed.success ? null : { errors: parsed.errors };
      }}
      send={async (values) => {
        const saved = await save.mutateAsync({ id: service?._id, fields: values });
        return t('manage.former.saved', { title: saved.title });
      }}
      sending={save.isPending}
      labels={{ save: t('manage.former.save'), saving: t('manage.former.saving') }}
      onDone={onDone}
    />
  );
}
