import { useEffect } from 'react';
import { site } from '../content/site';
import { useT } from '../i18n/use-t';

/** On the server: the title and description the page being rendered asked for (entry-server.tsx). */
export const pageHead: { title?: string; description?: string } = {};

/**
 * Sets the browser tab's title for a page, e.g. "Services — Te Whare Manaaki Trust". On the
 * server it also gives the page's `<title>` and, when the page has one, its meta description
 * (a share of a post shows the post's title and first words).
 */
export function usePageTitle(title: string | undefined, description?: string): void {
  const t = useT();
  const home = t('page.homeTitle', { name: site.name });
  const full = title ? `${title} — ${site.name}` : home;
  if (typeof document === 'undefined') Object.assign(pageHead, { title: full, description });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
