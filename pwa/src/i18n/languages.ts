/** The interface languages: English by default, te reo Māori by choice, remembered on the device. */
export const languages = ['en', 'mi'] as const;
export type Language = (typeof languages)[number];

/** BCP 47 tags for `<html lang>` and `Intl`. */
export const localeOf: Record<Language, string> = { en: 'en-NZ', mi: 'mi' };

/** The language's own name, as the switch shows it. */
export const nameOf: Record<Language, string> = { en: 'English', mi: 'Te reo Māori' };

/** The name split where a phone's nav bar shortens it ("Te reo Māori" shows as "Māori"). */
export const namePartsOf: Record<Language, { prefix: string; short: string }> = {
  en: { prefix: '', short: 'English' },
  mi: { prefix: 'Te reo ', short: 'Māori' },
};

export const storageKey = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
