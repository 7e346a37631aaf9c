import { now } from './clock';

/**
 * Rendered public pages kept for a few seconds (decisions 097 and 112): a page costs the server
 * 0.5–1.1 s to render on a busy machine, and visitors who arrive together ask for the same few pages.
 *
 * A page is kept per route, the parameters the page reads and the language (`keptPageOf`), for
 * the version of the public content it was rendered from. The version moves when the public
 * content changes (`contentStamp`: a write through this instance at once, another instance's
 * within a second), so a manager's edit shows to the very next visitor; the time limit covers
 * what changes with no write (a post scheduled to go public). Visitors asking at once for a page
 * being rendered share that render.
 *
 * After its time a page is still sent, for `staleMs` more, while it is rendered again behind it
 * (the next visitor gets the new one): no visitor waits for a render only because time passed.
 * Only what changes with no write can be that late, by one visit; the app's own queries ask
 * again for data older than their `staleTime`.
 *
 * At most `maxRendering` renders wait or run at once: past that `get` answers undefined and the
 * visitor gets the shell, which renders in the browser, instead of a place at the end of a queue
 * anyone could make as long as they like (issue 32).
 */
export type RenderCache<Page> = {
  /** The page as kept, or rendered now (and kept) with `render`. `cached` says which; undefined when the queue is full. */
  get(key: string, render: () => Promise<Page>): Promise<{ page: Page; cached: boolean } | undefined>;
  /** The content may have changed: no page kept so far is sent again. */
  contentChanged(): void;
};

type Kept<Page> = { version: number; at: number; page: Promise<Page>; rendered?: Page; renderingAgain?: boolean };

export function createRenderCache<Page>({
  ttlMs,
  staleMs = 0,
  maxPages,
  maxRendering = Number.POSITIVE_INFINITY,
  evictFirst = () => false,
  contentStamp,
}: {
  ttlMs: number;
  staleMs?: number;
  maxPages: number;
  /** Renders waiting or under way at most. */
  maxRendering?: number;
  /** Pages that go first when the cache is full (those answered 404: made-up addresses push no real page out). */
  evictFirst?: (page: Page) => boolean;
  /**
   * What the public content is now (`fresh`: read now, before a render); when it differs from the
   * last one seen, no page kept so far is sent again.
   */
  contentStamp?: (fresh: boolean) => Promise<string>;
}): RenderCache<Page> {
  const pages = new Map<string, Kept<Page>>();
  let version = 0;
  let rendering = 0;
  let lastStamp: string | undefined;

  /** Runs a render, counted while it waits or runs. */
  function counted(render: () => Promise<Page>): Promise<Page> {
    rendering += 1;
    const page = render();
    const done = () => (rendering -= 1);
    page.then(done, done);
    return page;
  }

  /** Makes room for one more: a kept page that `evictFirst` names, else the one rendered longest ago. */
  function evict(): void {
    for (const [key, kept] of pages) {
      if (kept.rendered !== undefined && evictFirst(kept.rendered)) {
        pages.delete(key);
        return;
      }
    }
    pages.delete(pages.keys().next().value as string);
  }

  function contentChanged(): void {
    version += 1;
    pages.clear();
  }

  async function checkContent(fresh: boolean): Promise<void> {
    if (!contentStamp) return;
    const stamp = await contentStamp(fresh);
    if (lastStamp !== undefined && stamp !== lastStamp) contentChanged();
    lastStamp = stamp;
  }

  /** The page kept under `key` for the content as it is, while its time lasts. */
  function current(key: string): Kept<Page> | undefined {
    const kept = pages.get(key);
    return kept && kept.version === version && now() - kept.at < ttlMs ? kept : undefined;
  }

  /** Starts a render of `key` and keeps it, the newest last (the first in the map goes when it is full). */
  function keep(key: string, render: () => Promise<Page>): Kept<Page> {
    const started: Kept<Page> = { version, at: now(), page: counted(render) };
    started.page.then(
      (page) => (started.rendered = page),
      () => undefined,
    );
    pages.delete(key);
    if (pages.size >= maxPages) evict();
    pages.set(key, started);
    return started;
  }

  /** Renders a page sent after its time again, behind it; a failure keeps the old one for the next try. */
  function renderAgain(key: string, kept: Kept<Page>, render: () => Promise<Page>): void {
    kept.renderingAgain = true;
    const started = version;
    void counted(render).then(
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
      if (contentStamp) await checkContent(false);
      const fresh = current(key);
      if (fresh) return { page: await fresh.page, cached: true };
      const kept = pages.get(key);
      const age = kept ? now() - kept.at : Number.POSITIVE_INFINITY;
      const full = rendering >= maxRendering;
      if (kept && kept.version === version && kept.rendered !== undefined && ttlMs > 0 && age < ttlMs + staleMs) {
        if (!kept.renderingAgain && !full) renderAgain(key, kept, render);
        return { page: kept.rendered, cached: true };
      }
      if (full) return undefined;
      // The content as it is now, not as it was up to half a second ago: the page is kept under it.
      if (contentStamp) await checkContent(true);
      // Another visitor may have started this page meanwhile: theirs is shared.
      const sharing = current(key);
      if (sharing) return { page: await sharing.page, cached: true };
      if (rendering >= maxRendering) return undefined;
      const started = keep(key, render);
      try {
        return { page: await started.page, cached: false };
      } catch (error) {
        // A failed render is not kept: the next visitor's request tries again.
        if (pages.get(key) === started) pages.delete(key);
        throw error;
      }
    },
    contentChanged,
  };
}

/** The parameters each server-rendered page reads, each mapped to the one value the page would make of it (none: left out). */
const readParameters: Record<string, Record<string, (value: string) => string | undefined>> = {
  // `?page=` of the blog, read as the app reads it (blogPageOf): a whole number from 2; anything else is the first page.
  '/blog': {
    page: (value) => {
      const page = Number(value);
      return Number.isSafeInteger(page) && page > 1 ? String(page) : undefined;
    },
  },
};

/**
 * The page a request renders and is kept under (decision 112): its path (without a trailing
 * slash), only the query parameters that page reads, in their own order and as the page reads
 * them, and the language mapped to `en` or `mi`. `?anything`, `?page=01` or a cookie
 * `language=zz` are the same page as without them, not a fresh render each.
 */
export function keptPageOf(pathname: string, search: string, cookieLanguage: string | undefined): { key: string; url: string; language: 'en' | 'mi' } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const asked = new URLSearchParams(search);
  const read = new URLSearchParams();
  for (const [name, pageValue] of Object.entries(readParameters[path] ?? {})) {
    const given = asked.get(name);
    const value = given === null ? undefined : pageValue(given);
    if (value !== undefined) read.set(name, value);
  }
  const query = read.toString();
  const url = query ? `${path}?${query}` : path;
  const language = cookieLanguage === 'mi' ? 'mi' : 'en';
  return { key: `${language} ${url}`, url, language };
}
