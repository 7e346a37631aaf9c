import { useSyncExternalStore } from 'react';
import type { Params } from './messages';
import { currentLanguage, subscribeLanguage, translate, type MessageKey } from './i18n';
import type { Language } from './languages';

/**
 * The current language; components that call it re-render when it changes. Every sentence a
 * person reads comes through `useT()`: components never hold one.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

export type Translate = (key: MessageKey, params?: Params) => string;

/** `const t = useT(); t('nav.menu')`: the message in the chosen language. */
export function useT(): Translate {
  useLanguage();
  return translate;
}
