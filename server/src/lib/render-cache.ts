import { now } from './clock';

/**
 * Rendered public pages kept for a few seconds (decision 097): a page costs the server 0.5–1.1 s
 * to render on a busy machine, and visitors who arrive together ask for the same few pages.
 *
 * A page is kept per address and language, for the version of the content it was rendered
 * from. Any request that may have written (a POST, PUT, PATCH or DELETE to the API, whatever its
 * answer) moves the version on, so a manager's edit shows to the very next visitor; the time
 * limit covers what changes with no write (a post scheduled to go public, the Māori corrections
 * written by another process). Visitors asking at once for a page being rendered share that
 * render.
 */
export type RenderCache<Page> = {
  /** The page as kept, or rendered now (and kept) with `render`. `cached` says which. */
  get(key: string, render: () => Promise<Page>): Promise<{ page: Page; cached: boolean }>;
  /** The content may have changed: no page kept so far is sent again. */
  contentChanged(): void;
};

type Kept<Page> = { version: number; at: number; page: Promise<Page> };

export function createRenderCache<Page>({ ttlMs, maxPages }: { ttlMs: number; maxPages: number }): RenderCache<Page> {
  const pages = new Map<string, Kept<Page>>();
  let version = 0;

  return {
    async get(key, render) {
      const kept = pages.get(key);
      if (kept && kept.version === version && now() - kept.at < ttlMs) return { page: await kept.page, cached: true };
      const rendering: Kept<Page> = { version, at: now(), page: render() };
      // The newest last, so the first in the map is the one to drop when it is full.
      pages.delete(key);
      pages.set(key, rendering);
      if (pages.size > maxPages) pages.delete(pages.keys().next().value as string);
      try {
        return { page: await rendering.page, cached: false };
      } catch (error) {
        // A failed render is not kept: the next visitor's request tries again.
        if (pages.get(key) === rendering) pages.delete(key);
        throw error;
      }
    },
    contentChanged() {
      version += 1;
      pages.clear();
    },
  };
}
