/**
 * The shapes of the message catalogues (DESIGN §9). `en.ts` is the source: its keys are the
 * type every other catalogue must cover, so a key missing from `mi.ts` fails the typecheck.
 *
 * A message is text with `{name}` placeholders, or a plural message chosen with
 * `Intl.PluralRules` by its `count` parameter.
 */
export type PluralMessage = { readonly one?: string; readonly other: string };
export type Message = string | PluralMessage;
export type Catalogue = Readonly<Record<string, Message>>;

/** A translated entry and whether one of the trust's speakers has reviewed it. */
export type Translation = { readonly text: Message; readonly reviewed: boolean };

/** Every key of the English catalogue, each with its translation. */
export type TranslatedCatalogue<Source extends Catalogue> = { readonly [Key in keyof Source]: Translation };

/** A translation written by the developers, waiting for a speaker's review. */
export const draft = (text: Message): Translation => ({ text, reviewed: false });
/** A translation a speaker of te reo has checked. */
export const reviewed = (text: Message): Translation => ({ text, reviewed: true });

export type Params = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; a plural message picks its form from `params.count`. */
export function formatMessage(message: Message, params: Params | undefined, plurals: Intl.PluralRules): string {
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    const count = Number(params?.count ?? 0);
    text = plurals.select(count) === 'one' && message.one !== undefined ? message.one : message.other;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
