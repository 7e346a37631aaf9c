import type { AboutPage, AboutTexts, AboutTextsMi } from '@contract/about-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { BilingualForm, inputName, joinList, splitList, type BilingualText, type BilingualValues } from '../../../components/manage/bilingual-form';
import { useT } from '../../../i18n/use-t';
import { apiRequest } from '../../../lib/api-client';
import { textApiPaths } from '../../../lib/text-paths';
import { siteKeys } from '../api/site-keys';

/** `PUT /api/content/about`: the About page in both languages (decision 093). */
function updateAbout(body: { en: AboutTexts; mi: AboutTextsMi }): Promise<AboutPage> {
  return apiRequest<AboutPage>(textApiPaths.about, { method: 'PUT', json: body });
}

function useUpdateAbout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAbout, onSuccess: (page) => queryClient.setQueryData(siteKeys.about(), page) });
}

function valuesOf({ en, mi }: AboutPage): BilingualValues {
  const values: BilingualValues = {
    [inputName('en', 'lead')]: en.lead,
    [inputName('mi', 'lead')]: mi.lead ?? '',
    [inputName('en', 'paragraphs')]: joinList(en.paragraphs, 'paragraphs'),
    [inputName('mi', 'paragraphs')]: joinList(mi.paragraphs, 'paragraphs'),
  };
  en.values.forEach((value, index) => {
    values[inputName('en', `values.${index}.text`)] = value.text;
    values[inputName('mi', `values.${index}.text`)] = mi.values?.[index]?.text ?? '';
  });
  return values;
}

function bodyOf(page: AboutPage, values: BilingualValues): { en: AboutTexts; mi: AboutTextsMi } {
  const en = (key: string) => values[inputName('en', key)] ?? '';
  const mi = (key: string) => values[inputName('mi', key)]?.trim() || undefined;
  const miParagraphs = splitList(values[inputName('mi', 'paragraphs')], 'paragraphs');
  return {
    en: {
      lead: en('lead'),
      paragraphs: splitList(en('paragraphs'), 'paragraphs'),
      values: page.en.values.map((value, index) => ({ name: value.name, text: en(`values.${index}.text`) })),
    },
    mi: {
      lead: mi('lead'),
      ...(miParagraphs.length > 0 && { paragraphs: miParagraphs }),
      values: page.en.values.map((_value, index) => {
        const text = mi(`values.${index}.text`);
        return text ? { text } : {};
      }),
    },
  };
}

/** The About page's words in English and te reo Māori, side by side. A value's name is Māori in both. */
export function AboutForm({ page }: { page: AboutPage }) {
  const t = useT();
  const { setAlert } = useAlerts();
  const update = useUpdateAbout();
  const texts: BilingualText[] = [
    { key: 'lead', label: t('manage.about.lead'), kind: 'line' },
    { key: 'paragraphs', label: t('manage.about.paragraphs'), kind: 'paragraphs' },
    ...page.en.values.map((value, index): BilingualText => ({
      key: `values.${index}.text`,
      label: t('manage.about.value', { name: value.name }),
      kind: 'line',
    })),
  ];
  return (
    <BilingualForm
      label={t('manage.about.title')}
      texts={texts}
      initial={valuesOf(page)}
      saveLabel={t('manage.texts.save')}
      savingLabel={t('manage.texts.saving')}
      save={async (values) => valuesOf(await update.mutateAsync(bodyOf(page, values)))}
      onSaved={() => setAlert(t('manage.texts.saved'), 'success')}
    />
  );
}
