/// <reference lib="webworker" />
/**
 * The app's service worker (vite-plugin-pwa, injectManifest). What it keeps (DESIGN §6):
 * - precache: the app shell, route chunks of the public site, icons and the manifest (the
 *   build lists them in `self.__WB_MANIFEST`; site management's chunks are left out);
 * - every app route offline: a public page the server rendered (lib/public-pages.ts) network-first
 *   with a 3 s time-out, falling back to its last rendered copy (kept in `pages`, refreshed when the
 *   network answers), then to the shell; every other route the cached index.html (`/api` excluded);
 * - runtime: `/api/services`, `/api/site`, `/api/counters` and `/api/content/*` network-first with a 3 s time-out, falling
 *   back to the last copy; content images cache-first, bounded, purged when storage runs short;
 * - never: `/api/auth`, users, logs, clients, the dashboard, the managers' drafts (`/api/content/manage`), or any write.
 * Writes go through the app's outbox (lib/outbox.ts); on Background Sync's 'outbox' event this
 * worker flushes it too, so a queued enrolment is sent even after the page was closed.
 * Updates wait for the person: the page's "New version — reload" sends SKIP_WAITING.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { publicPagePattern } from './lib/public-pages';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { servedFromCacheHeader } from './lib/connectivity';
import { createOutbox, outboxSyncTag } from './lib/outbox';
import { offlineKinds } from './offline-kinds';

declare let self: ServiceWorkerGlobalScope;

/** Background Sync's event (Chromium); not in TypeScript's lib yet. */
type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Take charge of the page that installed this first version, so the API answers of that very
// first visit are cached for offline use. A later version still waits for SKIP_WAITING.
clientsClaim();

const shell = createHandlerBoundToURL('index.html');
const pagesCache = 'pages';

/**
 * The public pages as the server rendered them (decision 096): the network first, so a visitor
 * reads today's page; after 3 s without an answer, or with no signal, the copy rendered last time
 * (the answer, when it comes, replaces it); a page never seen gets the shell, which renders it
 * from the cached data or the built-in catalogue, as before.
 */
const pages = new NetworkFirst({
  cacheName: pagesCache,
  networkTimeoutSeconds: 3,
  // The page varies with the language cookie; the copy kept is the one last shown.
  matchOptions: { ignoreVary: true },
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      if (!publicPagePattern.test(options.url.pathname) || options.url.searchParams.has('fix')) return shell(options);
      try {
        return await pages.handle(options);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

/**
 * A new version's pages name its own chunks: the copies rendered for the last one go, and the
 * public pages open now (the very first visit's included, loaded before this worker ran) are
 * kept again, so each opens with no signal next time.
 */
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await caches.delete(pagesCache);
      const cache = await caches.open(pagesCache);
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      await Promise.all(
        windows.map((client) => {
          const url = new URL(client.url);
          if (url.origin !== self.location.origin || !publicPagePattern.test(url.pathname) || url.searchParams.has('fix')) return undefined;
          return cache.add(url.href).catch(() => undefined);
        }),
      );
    })(),
  );
});

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/api\/content\/(blog|feature|team)\/[^/]+\/image$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'content-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * A copy taken from the cache because the network failed or was too slow says so in a header,
 * so the page knows the server did not answer (lib/connectivity.ts) and shows it is offline.
 */
const markServedFromCache = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse ?? null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(servedFromCacheHeader, '1');
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    (url.pathname === '/api/services' ||
      url.pathname === '/api/site' ||
      url.pathname === '/api/counters' ||
      url.pathname.startsWith('/api/services/') ||
      // Not the managers' drafts and scheduled items (`/api/content/manage/…`): those need a sign-in.
      (url.pathname.startsWith('/api/content/') && !url.pathname.startsWith('/api/content/manage/'))),
  new NetworkFirst({
    cacheName: 'public-content',
    networkTimeoutSeconds: 3,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }), markServedFromCache],
  }),
);

self.addEventListener('message', (event) => {
  if (typeof event.data === 'object' && event.data !== null && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The worker's outbox: the app's kinds, but no sign-in token here, so it sends anonymous enrolments and leaves staff edits to the page. */
const outbox = createOutbox({ kinds: offlineKinds, flushOnEnqueue: false });

async function flushFromSync(lastChance: boolean): Promise<void> {
  const report = await outbox.flush({ force: true });
  // A rejected promise asks the browser to fire 'sync' again later (with its own backoff);
  // on the last chance the page's own triggers take over the next time it opens.
  if (!lastChance && (report.busy || report.retrying > 0)) throw new Error('Enrolments are still waiting to be sent');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === outboxSyncTag) sync.waitUntil(flushFromSync(sync.lastChance));
});
