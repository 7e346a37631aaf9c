import type { TranslationOverrides } from '@contract/translations';
import { applyOverrides, type MessageKey, type Overrides } from '../../i18n/i18n';
import { en } from '../../i18n/en';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../lib/paths';

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/** Keeps the corrections of keys this version of the app has, so an old cached list never breaks a newer app. */
export function knownCorrections(sent: TranslationOverrides): Overrides {
  return Object.fromEntries(Object.entries(sent).filter(([key, text]) => isMessageKey(key) && typeof text === 'string' && text !== ''));
}

/**
 * Loads a manager's corrections of the Māori text and shows them over the built-in catalogue.
 * Called at start and after each change. With no signal the service worker answers from its
 * content cache; with nothing cached the built-in text stays, which is fine.
 */
export async function loadCorrections(): Promise<TranslationOverrides> {
  try {
    const sent = await apiRequest<TranslationOverrides>(apiPaths.translations('mi'));
    await applyOverrides('mi', knownCorrections(sent));
    return sent;
  } catch {
    return {};
  }
}
