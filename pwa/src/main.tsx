import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { loadCorrections } from './i18n/load-corrections';
import { startLanguage } from './i18n/i18n';
import { startOutboxAfterLoad } from './lib/start-outbox';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const container = root;
// The remembered language first, so a Māori speaker never sees the page flash in English.
void startLanguage().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // A manager's corrections of the Māori text, applied when they arrive without holding up the
  // page. Only after the remembered language is set, so they are laid over the right catalogue.
  void loadCorrections();
});

// Enrolments waiting on this phone are sent whichever page opens first (DESIGN §6).
startOutboxAfterLoad();
