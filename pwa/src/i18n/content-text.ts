import type { Language } from './languages';

/** A text as a page shows it: the words, and `lang` when they are not in the page's language. */
export type ShownText<Text> = { text: Text; lang: 'en-NZ' | undefined };

const shown = <Text>(language: Language, en: Text, mi: Text | undefined, written: boolean): ShownText<Text> =>
  language === 'mi' && written && mi !== undefined ? { text: mi, lang: undefined } : { text: en, lang: language === 'mi' ? 'en-NZ' : undefined };

/**
 * A text managers write in both languages (decision 093): its Māori words on a Māori page when
 * written, else the English, marked `lang="en-NZ"` so it is read as English there.
 */
export function shownText(language: Language, en: string, mi: string | undefined | null): ShownText<string> {
  return shown(language, en, mi ?? undefined, typeof mi === 'string' && mi.trim() !== '');
}

/** A list (paragraphs, bullet points) as `shownText` shows a text: the Māori list when there is one. */
export function shownList(language: Language, en: readonly string[], mi: readonly string[] | undefined | null): ShownText<readonly string[]> {
  return shown(language, en, mi ?? undefined, Array.isArray(mi) && mi.length > 0);
}
