import type { Service, ServiceSectionMi, ServiceTextField, ServiceTexts, ServiceTextsMi } from '@contract/services';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { BilingualForm, inputName, joinList, splitList, type BilingualText, type BilingualValues } from '../../../components/manage/bilingual-form';
import { useT, type Translate } from '../../../i18n/use-t';
import { useUpdateServiceTexts } from './update-service-texts';

const lineFields = ['title', 'subtitle', 'actionText', 'formLabel', 'descriptionTitle'] as const satisfies readonly ServiceTextField[];

/** The page's texts in the order the page shows them; sections as the service has them. */
function textsOf(service: Service, t: Translate): BilingualText[] {
  const labels: Record<(typeof lineFields)[number], string> = {
    title: t('manage.serviceTexts.titleField'),
    subtitle: t('manage.serviceTexts.subtitle'),
    actionText: t('manage.serviceTexts.actionText'),
    formLabel: t('manage.serviceTexts.formLabel'),
    descriptionTitle: t('manage.serviceTexts.descriptionTitle'),
  };
  return [
    ...lineFields.map((key): BilingualText => ({ key, label: labels[key], kind: 'line' })),
    { key: 'description', label: t('manage.serviceTexts.description'), kind: 'paragraphs' },
    ...service.Sections.flatMap((section, index): BilingualText[] => {
      const group = t('manage.serviceTexts.section', { number: index + 1 });
      return [
        { key: `Sections.${index}.title`, label: t('manage.serviceTexts.sectionTitle'), kind: 'line', group },
        {
          key: `Sections.${index}.description`,
          label: section.markUp ? t('manage.serviceTexts.sectionTextMarkdown') : t('manage.serviceTexts.sectionText'),
          kind: 'block',
          group,
        },
        { key: `Sections.${index}.bullets`, label: t('manage.serviceTexts.bullets'), kind: 'lines', group },
      ];
    }),
    { key: 'extras', label: t('manage.serviceTexts.extras'), kind: 'lines' },
    { key: 'referralText', label: t('manage.serviceTexts.referralText'), kind: 'block' },
  ];
}

/** The inputs filled in from the service as the server holds it. */
function valuesOf(service: Service): BilingualValues {
  const mi = service.mi ?? {};
  const values: BilingualValues = {};
  for (const field of [...lineFields, 'referralText'] as const) {
    values[inputName('en', field)] = service[field];
    values[inputName('mi', field)] = mi[field] ?? '';
  }
  values[inputName('en', 'description')] = joinList(service.description, 'paragraphs');
  values[inputName('mi', 'description')] = joinList(mi.description, 'paragraphs');
  values[inputName('en', 'extras')] = joinList(service.extras, 'lines');
  values[inputName('mi', 'extras')] = joinList(mi.extras, 'lines');
  service.Sections.forEach((section, index) => {
    const miSection: ServiceSectionMi = mi.Sections?.[index] ?? {};
    values[inputName('en', `Sections.${index}.title`)] = section.title ?? '';
    values[inputName('mi', `Sections.${index}.title`)] = miSection.title ?? '';
    values[inputName('en', `Sections.${index}.description`)] = section.description ?? '';
    values[inputName('mi', `Sections.${index}.description`)] = miSection.description ?? '';
    values[inputName('en', `Sections.${index}.bullets`)] = joinList(section.bullets, 'lines');
    values[inputName('mi', `Sections.${index}.bullets`)] = joinList(miSection.bullets, 'lines');
  });
  return values;
}

/** The API body from the inputs: English complete, Māori only what is written. */
function bodyOf(service: Service, values: BilingualValues): { en: ServiceTexts; mi: ServiceTextsMi } {
  const en = (key: string) => values[inputName('en', key)] ?? '';
  const mi = (key: string) => values[inputName('mi', key)]?.trim() || undefined;
  const miList = (key: string, kind: BilingualText['kind']) => {
    const items = splitList(values[inputName('mi', key)], kind);
    return items.length > 0 ? items : undefined;
  };
  return {
    en: {
      title: en('title'),
      subtitle: en('subtitle'),
      actionText: en('actionText'),
      formLabel: en('formLabel'),
      descriptionTitle: en('descriptionTitle'),
      referralText: en('referralText'),
      description: splitList(en('description'), 'paragraphs'),
      Sections: service.Sections.map((section, index) => ({
        markUp: section.markUp,
        ...(en(`Sections.${index}.title`).trim() && { title: en(`Sections.${index}.title`) }),
        ...(en(`Sections.${index}.description`).trim() && { description: en(`Sections.${index}.description`) }),
        bullets: splitList(en(`Sections.${index}.bullets`), 'lines'),
      })),
      extras: splitList(en('extras'), 'lines'),
    },
    mi: {
      title: mi('title'),
      subtitle: mi('subtitle'),
      actionText: mi('actionText'),
      formLabel: mi('formLabel'),
      descriptionTitle: mi('descriptionTitle'),
      referralText: mi('referralText'),
      description: miList('description', 'paragraphs'),
      Sections: service.Sections.map((_section, index) => ({
        title: mi(`Sections.${index}.title`),
        description: mi(`Sections.${index}.description`),
        bullets: miList(`Sections.${index}.bullets`, 'lines'),
      })),
      extras: miList('extras', 'lines'),
    },
  };
}

/** A service page's words in English and te reo Māori, side by side (`PUT /api/services/{key}/texts`). */
export function ServiceTextsForm({ service }: { service: Service }) {
  const t = useT();
  const { setAlert } = useAlerts();
  const updateTexts = useUpdateServiceTexts();
  return (
    <BilingualForm
      label={t('manage.serviceTexts.title', { title: service.title })}
      texts={textsOf(service, t)}
      initial={valuesOf(service)}
      saveLabel={t('manage.texts.save')}
      savingLabel={t('manage.texts.saving')}
      save={async (values) => valuesOf(await updateTexts.mutateAsync({ key: service.key, ...bodyOf(service, values) }))}
      onSaved={() => setAlert(t('manage.texts.saved'), 'success')}
    />
  );
}
