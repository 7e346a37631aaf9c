/**
 * The public pages rendered by the server (DESIGN §10, decision 096): Vite's SSR build of this
 * module (`dist-ssr/entry-server.js`) is what the Koa server calls for `/`, `/services`, a
 * service, `/blog`, a post, `/team`, `/contact`, `/about`, `/former_services` and `/enrol/…`.
 *
 * The same route modules as the app, in the visitor's language, with the data their queries
 * fetched: each render runs the page once, fetches every query the page asked for (whatever the
 * route modules declare with `useQuery`, so a page that reads new content needs nothing here),
 * then renders again with the answers, until nothing new is asked for. What it fetched is written
 * into the page (`#ssr-data`) for the app's query client to start from, so hydrating it asks the
 * server for nothing again and renders exactly what the server did.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { RouteErrorBoundary } from './app/error-page';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { currentLanguage, languageFor } from './i18n/i18n';
import { knownCorrections, loadCorrections } from './i18n/load-corrections';
import { isLanguage, localeOf } from './i18n/languages';
import { publicPagePattern, serverRenderedRoutes } from './lib/public-pages';
import { matcherOf, pageModuleOf } from './lib/route-match';
import type { RouteDeclaration } from './lib/route-table';
import { everyRoute } from './lib/staff-paths';
import { ApiRequestError } from './lib/api-client';
import { provideRenderScope, type PageHead, type RenderScope } from './lib/render-scope';
import type { Renderer, RenderedPage, RenderOptions } from './renderer';

/** The routes rendered on the server (`serverRendered` in the route table, decision 132); every other path (sign-in, staff) gets the app's shell. */
export function isServerRendered(pathname: string): boolean {
  return publicPagePattern.test(pathname);
}

const knownPathPattern = matcherOf(Object.values<RouteDeclaration>(everyRoute).map((route) => route.pattern));

/**
 * An address the app has no page for (no route of either table, not a file):
 * the server renders the trust's not-found page for it and answers 404 (issue 31), where the shell
 * used to answer 200 and say so only once its script ran.
 */
export function isUnknownAddress(pathname: string): boolean {
  const lastSegment = pathname.split('/').pop() ?? '';
  return !knownPathPattern.test(pathname) && !lastSegment.includes('.') && !pathname.startsWith('/assets/');
}

/** A query whose answer the page is waiting for and that nobody has asked for yet. */
function waiting(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled !== false && typeof enabled !== 'function';
}

async function renderToText(node: React.ReactNode): Promise<string> {
  // Each Suspense boundary's content in place: React otherwise moves a large one to the end of
  // the page with an inline script to put it back, which the CSP forbids and which a visitor
  // with JavaScript off never runs.
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * Each render's language, API origin and head, found by the code it runs (`lib/render-scope.ts`)
 * through the async context: nothing of a render is the process's, so pages render side by side
 * (decision 127), where one language and origin for the process once queued every render.
 */
const renders = new AsyncLocalStorage<RenderScope>();
provideRenderScope(() => renders.getStore());

export async function render({ url, language: asked, apiOrigin }: RenderOptions): Promise<RenderedPage> {
  const language = isLanguage(asked) ? asked : 'en';
  const scope: RenderScope = { apiOrigin, language: await languageFor('en'), head: {} };
  return renders.run(scope, async () => {
    // A manager's corrections of the Māori text, as the app shows them (and hydrates with).
    const corrections = language === 'mi' ? knownCorrections(await loadCorrections()) : undefined;
    scope.language = await languageFor(language, corrections);
    return renderNow(url, scope.head, corrections);
  });
}

const maxRounds = 4;

/** The server's refusal of a request (4xx): an answer the page shows, not a failure to retry. */
function refusal(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

/** One render of the page, with what it records of its head afresh. */
function renderOnce(app: React.ReactNode, head: PageHead): Promise<string> {
  delete head.title;
  delete head.description;
  delete head.image;
  delete head.notFound;
  return renderToText(app);
}

async function renderNow(url: string, head: PageHead, corrections: RenderedPage['corrections']): Promise<RenderedPage> {
  const language = currentLanguage();
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <RouteErrorBoundary>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </RouteErrorBoundary>
    </StrictMode>
  );
  const cache = queryClient.getQueryCache();
  let html = '';
  for (let round = 0; round < maxRounds; round++) {
    html = await renderOnce(app, head);
    const asked = cache.getAll().filter(waiting);
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  }
  // A query that failed with no answer (the API down, a time-out) is left for the app to ask
  // again: the page shows what the app shows while it asks, so hydrating it matches. A refusal
  // (a post that is gone) is an answer: the page shows it, and the app starts from it.
  const unanswered = cache.getAll().filter((query) => query.state.status === 'error' && !refusal(query.state.error));
  if (unanswered.length > 0) {
    for (const query of unanswered) cache.remove(query);
    html = await renderOnce(app, head);
  }
  const data = cache
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query): [readonly unknown[], unknown, number] => [query.queryKey, query.state.data, query.state.dataUpdatedAt]);
  const refused = cache.getAll().flatMap((query): RenderedPage['refused'] => {
    const error = query.state.error;
    return query.state.status === 'error' && refusal(error) ? [[query.queryKey, error.status, error.errors, query.state.errorUpdatedAt]] : [];
  });
  return {
    html,
    data,
    refused,
    notFound: head.notFound === true,
    corrections,
    language,
    locale: localeOf[language],
    title: head.title,
    description: head.description,
    image: head.image,
  };
}

/** The lazily loaded modules every rendered page shows (their stylesheets go in the page's head). */
const shellModules = ['src/app/footer.tsx', 'src/app/update-prompt.tsx', 'src/app/sign-out-guard.tsx'];

/**
 * The source modules whose stylesheets a rendered page needs beyond the entry's: with them in
 * its head the page is styled with no script at all, and nothing moves as the chunks arrive.
 */
export function cssModulesOf(pathname: string): string[] {
  const route = serverRenderedRoutes.find(([, { pattern }]) => matchPath(pattern, pathname) !== null);
  if (route) return [...shellModules, pageModuleOf(route[1].page ?? route[0]), ...(route[1].styles ?? []).map((module) => `src/${module}.tsx`)];
  return isUnknownAddress(pathname) ? [...shellModules, 'src/app/staff-routes.tsx', 'src/routes/not-found.tsx'] : [];
}

// The server imports the seam's type (`renderer.ts`); this build is checked against it.
({ render, isServerRendered, isUnknownAddress, cssModulesOf }) satisfies Renderer;
