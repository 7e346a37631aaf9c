import type { TranslationOverrides } from '@contract/translations';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { applyOverrides, type Overrides } from './i18n';

/**
 * Keeps the corrections that are text. The server accepts only keys the app's catalogue has;
 * a key an older or newer app does not know is simply never looked up.
 */
export function knownCorrections(sent: TranslationOverrides): Overrides {
  return Object.fromEntries(Object.entries(sent).filter(([, text]) => typeof text === 'string' && text !== ''));
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
