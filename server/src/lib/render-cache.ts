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
 *
 * After its time a page is still sent, for `staleMs` more, while it is rendered again behind it
 * (the next visitor gets the new one): no visitor waits for a render only because time passed.
 * Only what changes with no write can be that late, by one visit; the app's own queries ask
 * again for data older than their `staleTime`.
 */
export type RenderCache<Page> = {
  /** The page as kept, or rendered now (and kept) with `render`. `cached` says which. */
  get(key: string, render: () => Promise<Page>): Promise<{ page: Page; cached: boolean }>;
  /** The content may have changed: no page kept so far is sent again. */
  contentChanged(): void;
};

type Kept<Page> = { version: number; at: number; page: Promise<Page>; rendered?: Page; renderingAgain?: boolean };

export function createRenderCache<Page>({ ttlMs, staleMs = 0, maxPages }: { ttlMs: number; staleMs?: number; maxPages: number }): RenderCache<Page> {
  const pages = new Map<string, Kept<Page>>();
  let version = 0;

  /** Starts a render of `key` and keeps it, the newest last (the first in the map goes when it is full). */
  function keep(key: string, render: () => Promise<Page>): Kept<Page> {
    const rendering: Kept<Page> = { version, at: now(), page: render() };
    rendering.page.then(
      (page) => (rendering.rendered = page),
      () => undefined,
    );
    pages.delete(key);
    pages.set(key, rendering);
    if (pages.size > maxPages) pages.delete(pages.keys().next().value as string);
    return rendering;
  }

  /** Renders a page sent after its time again, behind it; a failure keeps the old one for the next try. */
  function renderAgain(key: string, kept: Kept<Page>, render: () => Promise<Page>): void {
    kept.renderingAgain = true;
    const started = version;
    void render().then(
      (page) => {
        if (version !== started || pages.get(key) !== kept) return;
        const fresh: Kept<Page> = { version, at: now(), page: Promise.resolve(page), rendered: page };
        pages.delete(key);
        pages.set(key, fresh);
      },
      () => (kept.renderingAgain = false),
    );
  }

  return {
    async get(key, render) {
      const kept = pages.get(key);
      const age = kept ? now() - kept.at : Number.POSITIVE_INFINITY;
      if (kept && kept.version === version && age < ttlMs) return { page: await kept.page, cached: true };
      if (kept && kept.version === version && kept.rendered !== undefined && ttlMs > 0 && age < ttlMs + staleMs) {
        if (!kept.renderingAgain) renderAgain(key, kept, render);
        return { page: kept.rendered, cached: true };
      }
      const rendering = keep(key, render);
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
