import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { issueCode } from './errors';

/**
 * What managers send when they edit the public texts (issue 22): a service page's words, the
 * About page and the privacy statement, each in English and te reo Māori side by side. English
 * is complete; any Māori part may be left out (empty), and the page then shows the English.
 * `mi` is required (`{}` when nothing is written in te reo yet), so a form cannot forget it.
 * Kept apart from services.ts, about-page.ts and enrolment-form.ts so the public pages load no zod.
 */

const blockMax = 5000;
const listMax = 30;

const line = (label: string) => requiredText(label);
const block = (label: string) => requiredText(label, blockMax, { lines: true });
const list = <Item extends z.ZodType>(label: string, item: Item) =>
  z.array(item, { error: `${label} must be a list` }).max(listMax, { error: `${label} can have at most ${listMax} items` });

/** An optional Māori list: empty is the same as not written. */
const optionalList = <Item extends z.ZodType>(label: string, item: Item) =>
  list(label, item)
    .optional()
    .transform((items) => (items && items.length > 0 ? items : undefined));

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/**
 * A Māori list (sections, values) is matched to the English one by place, so it may not be
 * longer. Checked on the values as sent, even when other fields failed, so every problem is
 * listed at once.
 */
function noMoreMaori(list: string, message: string) {
  return [
    (texts: unknown, ctx: z.RefinementCtx) => {
      const sent = record(texts);
      if (countOf(record(sent.mi)[list]) > countOf(record(sent.en)[list])) {
        ctx.addIssue({ code: 'custom', message, path: ['mi', list], params: issueCode('invalid_value') });
      }
    },
    { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null },
  ] as const;
}

const SectionSchema = z.object({
  markUp: z.boolean({ error: 'Say whether the section text is Markdown' }),
  title: optionalText('Section title'),
  description: optionalText('Section text', blockMax, { lines: true }),
  bullets: list('Bullet points', line('Bullet point')),
});

export const ServiceTextsSchema = z.object({
  title: line('Title'),
  subtitle: line('Subtitle'),
  actionText: line('Action label'),
  formLabel: line('Form label'),
  descriptionTitle: line('Description title'),
  referralText: block('Referral text'),
  description: list('Description', block('Paragraph')).min(1, { error: 'Description needs at least one paragraph' }),
  Sections: list('Sections', SectionSchema),
  extras: list('At a glance', line('At a glance item')),
});

const SectionMiSchema = z.object({
  title: optionalText('Māori section title'),
  description: optionalText('Māori section text', blockMax, { lines: true }),
  bullets: optionalList('Māori bullet points', line('Māori bullet point')),
});

export const ServiceTextsMiSchema = z.object({
  title: optionalText('Māori title'),
  subtitle: optionalText('Māori subtitle'),
  actionText: optionalText('Māori action label'),
  formLabel: optionalText('Māori form label'),
  descriptionTitle: optionalText('Māori description title'),
  referralText: optionalText('Māori referral text', blockMax, { lines: true }),
  description: optionalList('Māori description', block('Māori paragraph')),
  Sections: optionalList('Māori sections', SectionMiSchema),
  extras: optionalList('Māori at a glance', line('Māori at a glance item')),
});

/** `PUT /api/services/{key}/texts`: the whole page in both languages. */
export const UpdateServiceTextsSchema = z
  .object({ en: ServiceTextsSchema, mi: ServiceTextsMiSchema })
  .superRefine(...noMoreMaori('Sections', 'There are more Māori sections than English ones'));
export type UpdateServiceTextsInput = z.infer<typeof UpdateServiceTextsSchema>;

export const AboutTextsSchema = z.object({
  lead: line('Lead'),
  paragraphs: list('Paragraphs', block('Paragraph')).min(1, { error: 'The page needs at least one paragraph' }),
  values: list('Values', z.object({ name: line('Value name'), text: line('Value meaning') })),
});

export const AboutTextsMiSchema = z.object({
  lead: optionalText('Māori lead'),
  paragraphs: optionalList('Māori paragraphs', block('Māori paragraph')),
  values: optionalList('Māori values', z.object({ text: optionalText('Māori value meaning') })),
});

/** `PUT /api/content/about`. */
export const UpdateAboutSchema = z
  .object({ en: AboutTextsSchema, mi: AboutTextsMiSchema })
  .superRefine(...noMoreMaori('values', 'There are more Māori values than English ones'));
export type UpdateAboutInput = z.infer<typeof UpdateAboutSchema>;

/** `PUT /api/content/privacy`: the statement's paragraphs; a change of wording in either language publishes a new version. */
export const UpdatePrivacyStatementSchema = z.object({
  en: list('Statement', block('Paragraph')).min(1, { error: 'The statement needs at least one paragraph' }),
  mi: optionalList('Māori statement', block('Māori paragraph')).transform((paragraphs) => paragraphs ?? null),
});
export type UpdatePrivacyStatementInput = z.infer<typeof UpdatePrivacyStatementSchema>;
