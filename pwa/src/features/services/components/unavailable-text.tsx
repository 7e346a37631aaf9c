import type { ServiceEntry } from '@contract/services';
import { SpecText } from '../../../i18n/spec-text';

/**
 * What a card or page says when a service cannot take enrolments: the trust's own status text,
 * or the spec's 'Temporarily unavailable' (with its Māori line in te reo).
 */
export function UnavailableText({ service }: { service: Pick<ServiceEntry, 'statusText'> }) {
  const text = service.statusText.trim();
  return text ? <>{text}</> : <SpecText id="temporarilyUnavailable" />;
}
