import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { RouteErrorBoundary } from './app/error-page';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { servicesQuery } from './features/services/api/get-services';
import { AppRoutes } from './app/router';
import { loadCorrections } from './i18n/load-corrections';
import { startLanguage } from './i18n/i18n';
import { startOutboxAfterLoad } from './lib/start-outbox';
import { setAppQueryClient } from './lib/app-query-client';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const container = root;
const queryClient = createQueryClient();
// Sign-out drops staff data from it, and a sync refreshes the staff screens (lib/staff-queries.ts).
setAppQueryClient(queryClient);
// What /services, /service/… and /enrol/… show first is the services' list: asked for now, while
// the page's own script is still on its way, not after it (issue 12).
if (/^\/(services?|enrol)\//.test(location.pathname + '/')) void queryClient.prefetchQuery(servicesQuery());
// The remembered language first, so a Māori speaker never sees the page flash in English.
void startLanguage().then(() => {
  const app = createRoot(container);
  // The first render as a transition, which React does in slices of a few milliseconds: the page
  // stays responsive while it starts, even on a slow phone (issue 12). Later updates are as usual.
  startTransition(() =>
    app.render(
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
      </StrictMode>,
    ),
  );
  // A manager's corrections of the Māori text, applied when they arrive without holding up the
  // page. Only after the remembered language is set, so they are laid over the right catalogue.
  void loadCorrections();
});

// Enrolments waiting on this phone are sent whichever page opens first (DESIGN §6). The kinds the
// outbox carries come from the features, loaded only when the outbox is.
startOutboxAfterLoad(() => import('./offline-kinds').then((module) => module.offlineKinds));
