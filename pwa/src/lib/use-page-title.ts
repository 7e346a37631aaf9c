import { useEffect } from 'react';
import { site } from '../content/site';
import { useT } from '../i18n/use-t';
import { renderScope } from './render-scope';

/**
 * A page showing that what its address names is not here (a post taken down, a service key that
 * does not exist): on the server the page is answered `404`, so a search engine forgets the address
 * and a share of it is not mistaken for a page (decision 096). Nothing in the browser.
 */
export function markNotFound(notFound: boolean): void {
  const head = renderScope()?.head;
  if (notFound && head) head.notFound = true;
}

/**
 * Sets the browser tab's title for a page, e.g. "Services — Te Whare Manaaki Trust". On the
 * server it also gives the page's `<title>` and, when the page has one, its meta description
 * (a share of a post shows the post's title, first words and picture).
 */
export function usePageTitle(title: string | undefined, description?: string, image?: string): void {
  const t = useT();
  const home = t('page.homeTitle', { name: site.name });
  const full = title ? `${title} — ${site.name}` : home;
  // A share of the page (Open Graph) shows this description and picture (issue 31).
  // On the server: the head of the page being rendered (entry-server.tsx).
  const head = renderScope()?.head;
  if (head) Object.assign(head, { title: full, description, image });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
