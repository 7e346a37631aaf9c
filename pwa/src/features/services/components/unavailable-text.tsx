import type { ServiceEntry } from '@contract/services';
import { SpecText } from '../../../i18n/spec-text';
import { useLanguage } from '../../../i18n/use-t';

/**
 * What a card or page says when a service cannot take enrolments: the trust's own status text
 * (written in English only: marked as English on a Māori page), or the spec's 'Temporarily
 * unavailable' (with its Māori line in te reo).
 */
export function UnavailableText({ service }: { service: Pick<ServiceEntry, 'statusText'> }) {
  const language = useLanguage();
  const text = service.statusText.trim();
  if (!text) return <SpecText id="temporarilyUnavailable" />;
  return language === 'mi' ? <span lang="en-NZ">{text}</span> : <>{text}</>;
}
