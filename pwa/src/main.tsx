import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { RouteErrorBoundary } from './app/error-page';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { startLanguage, type Overrides } from './i18n/i18n';
import { startOutboxAfterLoad } from './lib/start-outbox';
import { setAppQueryClient } from './lib/app-query-client';
import { ApiRequestError } from './lib/api-client';
import type { ApiErrorItem } from '@contract/errors';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const container = root;
const queryClient = createQueryClient();
// Sign-out drops staff data from it, and a sync refreshes the staff screens (lib/staff-queries.ts).
setAppQueryClient(queryClient);
// A page the server rendered (DESIGN §10) carries the data it showed (entry-server.tsx): the app
// starts from it, asks for none of it again, and hydrates the page in the language, and with the
// corrections of the Māori text, it was rendered with; a device that chose the other language (before
// the cookie said so) renders it afresh in that one instead.
const rendered = document.getElementById('ssr-data');
const ssr = rendered
  ? (JSON.parse(rendered.textContent ?? '') as { q: [unknown[], unknown, number][]; e?: [unknown[], number, ApiErrorItem[], number][]; c?: Overrides })
  : undefined;
// (It replaces decision 071's early request for the services: the page now comes with them.)
if (ssr) for (const [key, data, updatedAt] of ssr.q) queryClient.setQueryData(key, data, { updatedAt });
// The server's refusals the page showed (a post that is gone), as the app's own failed queries.
for (const [key, status, errors, updatedAt] of ssr?.e ?? []) {
  queryClient
    .getQueryCache()
    .build(queryClient, { queryKey: key })
    .setState({ status: 'error', error: new ApiRequestError(status, errors), errorUpdatedAt: updatedAt, fetchFailureCount: 1, fetchStatus: 'idle' });
}
// The remembered language first, so a Māori speaker never sees the page flash in English.
void startLanguage(ssr && (document.documentElement.lang === 'mi' ? 'mi' : 'en'), ssr?.c).then(async (sameLanguage) => {
  // A task of its own after this module's: reading the app's 300 KB is one long task already,
  // and a rendered page is readable meanwhile, so React starts after the browser has had a turn
  // (decision 096).
  if (ssr) await new Promise((resolve) => setTimeout(resolve));
  // The first render (or hydration) as a transition, which React does in slices of a few
  // milliseconds: the page stays responsive while it starts, even on a slow phone (issue 12).
  // Hydrating, the page's own part waits for its chunk and hydrates when it comes, while the
  // server's HTML stays as it is. Later updates are as usual.
  const app = (
    <StrictMode>
      {/* A failure outside the layout (the layout itself, a provider) still says what happened. */}
      <RouteErrorBoundary>
        <AppProviders queryClient={queryClient}>
          {/* Navigations render at once, not as transitions: signing out leaves a staff page in the
                same render that forgets the token, so the page's guard never sees a signed-out
                visitor (a data router's `flushSync` did this before, decision 060). */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </RouteErrorBoundary>
    </StrictMode>
  );
  startTransition(() => {
    if (sameLanguage) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // A manager's corrections of the Māori text, applied when they arrive without holding up the
  // page. Only after the remembered language is set, so they are laid over the right catalogue.
  // Their module is loaded then, off the first download.
  void import('./i18n/load-corrections').then((module) => module.loadCorrections());
});

// Enrolments waiting on this phone are sent whichever page opens first (DESIGN §6). The kinds the
// outbox carries come from the features, loaded only when the outbox is.
startOutboxAfterLoad(() => import('./offline-kinds').then((module) => module.offlineKinds));
// A session this device signed out of with no signal is ended on the server at the next contact
// (lib/owed-revocation.ts, its `owedKey`): its code comes only when one is owed.
try {
  if (localStorage.getItem('revokeOwed')) void import('./lib/owed-revocation').then((owed) => owed.startOwedRevocations());
} catch {
  // Storage blocked: nothing can have been kept there.
}
