import { z } from 'zod';
import { issueCode } from './errors';
import { messageKeys } from './message-keys';

/** Languages a manager can correct: English is the source, so only te reo Māori. */
export const correctableLanguages = ['mi'] as const;
export type CorrectableLanguage = (typeof correctableLanguages)[number];

export const translationLimits = { textMax: 2000 } as const;

const knownKeys: ReadonlySet<string> = new Set(messageKeys);
export type MessageKeyName = (typeof messageKeys)[number];

export const TranslationLanguageParamsSchema = z.object({
  language: z.enum(correctableLanguages, { error: 'Only te reo Māori (mi) can be corrected' }),
});

export const TranslationParamsSchema = TranslationLanguageParamsSchema.extend({
  key: z
    .string({ error: 'Key is required' })
    .refine((key): key is MessageKeyName => knownKeys.has(key), { error: 'No message of the app has that key', params: issueCode('invalid_value') }),
});

/** A manager's correction. Stored in Unicode NFC so macrons typed two ways compare equal; empty removes it. */
export const UpdateTranslationSchema = z.object({
  text: z
    .string({ error: 'Text must be text' })
    .transform((text) => text.normalize('NFC').trim())
    .pipe(z.string().max(translationLimits.textMax, { error: `Text must be at most ${translationLimits.textMax} characters` })),
});
export type UpdateTranslationInput = z.infer<typeof UpdateTranslationSchema>;

/** `GET /api/content/translations/mi`: key → corrected text. */
export type TranslationOverrides = Record<string, string>;
/** One stored correction, as `PUT` answers it. */
export type TranslationCorrection = { language: CorrectableLanguage; key: string; text: string; updatedBy: string | null; updatedAt: string };
