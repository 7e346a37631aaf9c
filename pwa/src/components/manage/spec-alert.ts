import { spec, type SpecKey } from '../../i18n/spec';
import { translate, type MessageKey } from '../../i18n/i18n';

/** One of the trust's own alerts exactly as given, with its Māori line beside it in te reo. */
export function specAlert(id: SpecKey): string {
  const gloss = translate(`gloss.${id}` as MessageKey);
  return gloss ? `${spec[id]} — ${gloss}` : spec[id];
}
