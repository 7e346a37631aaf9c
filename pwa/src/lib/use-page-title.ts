import { useEffect } from 'react';
import { site } from '../content/site';

/** Sets the browser tab's title for a page, e.g. "Services — Te Whare Manaaki Trust". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — ${site.name}` : `${site.name} — free community services in Ōtautahi Christchurch`;
  }, [title]);
}
