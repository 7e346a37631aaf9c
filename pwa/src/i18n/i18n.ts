import { en } from './en';
import type { enClients } from './en-clients';
import type { enWhanauApp } from './en-whanau-app';
import type { enErrors } from './en-errors';
import type { enManage } from './en-manage';
import type { enPages } from './en-pages';
import type { enParts } from './en-parts';
import type { SpecKey } from './spec';
import { isLanguage, localeOf, storageKey, type Language } from './languages';
import { formatMessage, type Message, type Params } from './messages';
import { renderScope } from '../lib/render-scope';

/**
 * The interface language, outside React so that modules without components (alerts, the
 * outbox's status lines) translate too. English is built in; the Māori catalogue is a lazy
 * chunk, precached by the service worker so the switch works with no signal.
 *
 * Stored on the device: the chosen language in localStorage (`language`), nothing else.
 */
/** The Māori line beside each of the spec's own wordings: in `mi.ts` only, nothing in English. */
export type GlossKey = `gloss.${SpecKey}`;
export type MessageKey =
  | keyof typeof en
  | keyof typeof enParts
  | keyof typeof enPages
  | keyof typeof enManage
  | keyof typeof enClients
  | keyof typeof enWhanauApp
  | keyof typeof enErrors
  | GlossKey;
/** Corrections a manager made to built-in translations, served by the API (key → text). */
export type Overrides = Readonly<Partial<Record<MessageKey, string>>>;

type State = {
  readonly language: Language;
  readonly locale: string;
  readonly messages: Readonly<Record<MessageKey, Message>>;
  readonly plurals: Intl.PluralRules;
  /** The language's own dates where the browser has none (te reo: `maori-calendar.ts`, loaded with its words). */
  readonly formatDate?: (date: Date, options: Intl.DateTimeFormatOptions) => string;
};

/** A language's messages and formats: the app's one, or a server render's own (`languageFor`). */
export type LanguageState = State;

function stateFor(language: Language, messages: Readonly<Record<MessageKey, Message>>, formatDate?: State['formatDate']): State {
  const locale = localeOf[language];
  return { language, locale, messages, plurals: new Intl.PluralRules(locale), ...(formatDate && { formatDate }) };
}

/**
 * English built in: `en.ts` from the start, and the English of lazily loaded parts and pages
 * (`en-parts.ts`, `en-pages.ts`) once `addEnglish` registers it, so the home page does not download every page's
 * words.
 */
const english: Partial<Record<MessageKey, Message>> = { ...en };

let state: State = stateFor('en', english as Record<MessageKey, Message>);
let overrides: Partial<Record<Language, Overrides>> = {};
const listeners = new Set<() => void>();

async function messagesFor(language: Language): Promise<Record<MessageKey, Message>> {
  if (language === 'en') return { ...english, ...overrides.en } as Record<MessageKey, Message>;
  const { mi } = await import('./mi');
  const messages = Object.fromEntries(Object.entries(mi).map(([key, entry]) => [key, entry.text])) as Record<MessageKey, Message>;
  return { ...messages, ...overrides.mi };
}

/** How a language writes dates when the browser cannot: te reo's names come with its words, not in the first download. */
async function datesFor(language: Language): Promise<State['formatDate']> {
  return language === 'mi' ? (await import('./maori-calendar')).formatMaoriDate : undefined;
}

function publish(next: State): void {
  state = next;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next.locale;
    // The server renders the public pages in the language the page shows (DESIGN §10).
    document.cookie = `${storageKey}=${next.language};path=/;max-age=31536000`;
  }
  for (const listener of listeners) listener();
}

/** Shows `language` without remembering it: the server's render, and the app hydrating it. */
export async function publishLanguage(language: Language): Promise<void> {
  const [messages, formatDate] = await Promise.all([messagesFor(language), datesFor(language)]);
  publish(stateFor(language, messages, formatDate));
}

/**
 * A language with these corrections of its words, published nowhere: a server render's own
 * (decision 127), so renders in different languages run side by side.
 */
export async function languageFor(language: Language, corrections: Overrides = {}): Promise<LanguageState> {
  const [messages, formatDate] = await Promise.all([messagesFor(language), datesFor(language)]);
  return stateFor(language, { ...messages, ...corrections } as Record<MessageKey, Message>, formatDate);
}

/** The language shown: the server render's that this code runs for, else the app's. */
const shown = (): State => renderScope()?.language ?? state;

/** Switches the interface, remembers the choice on this device and sets `<html lang>`. */
export async function setLanguage(language: Language): Promise<void> {
  await publishLanguage(language);
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Private browsing or a full disk: the choice lasts for this visit only.
  }
}

/**
 * The language remembered on this device, set before the first render (no flash of English).
 * For a page the server rendered in `rendered` (with `corrections` of the Māori text), true when
 * that is the language to show, so the app can hydrate it; false when the device chose another
 * (a choice made before the cookie existed): the app then renders the page afresh in that one.
 */
export async function startLanguage(rendered?: Language, corrections?: Overrides): Promise<boolean> {
  if (corrections) overrides = { mi: corrections };
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey);
  } catch {
    // Storage blocked: the page's language, or English.
  }
  // Every choice writes the cookie, the app's switch the device's setting too: where the two
  // differ, the cookie holds the later choice, made with the switch of a page the app had not yet
  // taken over (a plain form then, decision 096). The device remembers that one from now on. (The
  // cookie is named as the setting, and the server reads it by that name.)
  const chosen = /(?:^|;\s*)language=(\w+)/.exec(document.cookie)?.[1];
  if (isLanguage(chosen) && chosen !== stored) await setLanguage(chosen).catch(() => publish(state));
  // The chunk may fail to load (an old cache): English until the person chooses again.
  else await publishLanguage(isLanguage(stored) ? stored : (rendered ?? 'en')).catch(() => publish(state));
  return state.language === rendered;
}

/** Applies a manager's corrections over the built-in catalogue of that language. */
export async function applyOverrides(language: Language, corrections: Overrides): Promise<void> {
  overrides = { ...overrides, [language]: corrections };
  if (state.language === language) publish(stateFor(language, await messagesFor(language), state.formatDate));
}

/** Adds English messages of a lazily loaded part of the app (see `pages.ts`). */
export function addEnglish(messages: Readonly<Partial<Record<MessageKey, Message>>>): void {
  Object.assign(english, messages);
  if (state.language === 'en') state = stateFor('en', { ...english, ...overrides.en } as Record<MessageKey, Message>);
}

/** The message for `key` in the current language, placeholders filled. */
export function translate(key: MessageKey, params?: Params): string {
  const { messages, plurals } = shown();
  const message = messages[key] ?? english[key];
  // A gloss has no English; any other missing key shows itself, so it is noticed.
  return message === undefined ? (key.startsWith('gloss.') ? '' : key) : formatMessage(message, params, plurals);
}

export const currentLanguage = (): Language => shown().language;
export const currentLocale = (): string => shown().locale;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Dates, times and numbers in the chosen language (the one place `Intl` formatters are made). */
export function formatDate(value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof value === 'string' ? new Date(value) : new Date(value);
  const { formatDate: own, locale } = shown();
  return own ? own(date, options) : new Intl.DateTimeFormat(locale, options).format(date);
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(shown().locale, options).format(value);
}
