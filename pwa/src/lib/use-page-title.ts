import { useEffect } from 'react';
import { site } from '../content/site';
import { useT } from '../i18n/use-t';

/** Sets the browser tab's title for a page, e.g. "Services — Te Whare Manaaki Trust". */
export function usePageTitle(title: string | undefined): void {
  const t = useT();
  const home = t('page.homeTitle', { name: site.name });
  useEffect(() => {
    document.title = title ? `${title} — ${site.name}` : home;
  }, [title, home]);
}
