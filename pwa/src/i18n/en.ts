import type { Catalogue } from './messages';

/**
 * Every sentence the interface shows, in English (the default language). Keys are grouped by
 * area with a dotted prefix. `{name}` is a placeholder; `{ one, other }` is a plural chosen by
 * `count`. The trust's own wording from the spec lives in `spec.ts`, not here; its `gloss.*`
 * keys (one per spec entry, typed from `spec.ts`) have no English: `mi.ts` holds the Māori line
 * shown beside that wording.
 */
export const en = {
  // The app shell
  'shell.skipToContent': 'Skip to content',
  'shell.menu': 'Menu',
  'shell.opensInNewTab': '(opens in a new tab)',
  'shell.offlineTitle': 'You are offline.',
  'shell.offlineBody': 'Pages you have visited still work, and anything you send waits on this device until you are back online.',

  // ── Public pages, enrolment, alerts (add keys below this line) ──

  // Page titles and the footer
  'page.homeTitle': '{name} — free community services in Ōtautahi Christchurch',
  // Errors, updates, shared pieces
  'error.body': 'Sorry, this page could not be shown. Check your connection and try again — if it keeps happening, let us know.',
  'error.tryAgain': 'Try again',
  'error.home': 'Go to the home page',
  // Home page
  'home.welcome': '<mi>Nau mai, haere mai</mi>',
  'home.ourFreeServices': 'OUR FREE SERVICES',
  'home.aboutTrust': 'ABOUT THE TRUST',
  'home.achievements': 'What we have achieved together',
  'home.freeForWhanau': 'Free for <mi>whānau</mi>',
  'home.ourServices': 'Our services',
  'home.servicesLead': 'Every service is free. Read more about each one, and enrol online where enrolments are open.',
  // Carousel
  // Services
  'services.loadFailed': 'Our services could not be loaded just now. Please try again soon, or phone us on {phone}.',

  'alerts.label': 'Notifications',
  'alerts.dismiss': 'Dismiss notification',

  // ── Site management and server errors (add keys below this line) ──
  // (The sentences of error codes and the field names they point at are in en-errors.ts.)

  // ── Client work: clients, client page, dashboard, enrolments inbox (add keys below this line) ──
  'clients.somethingFailed': 'Something went wrong. Please try again.',

  // ── Branch manage: the trust's details in the footer (add keys below this line) ──
  'services.loadFailedNoPhone': 'Our services could not be loaded just now. Please try again soon.',

  // ── Branch outbox: waiting items, sync state, sign-out warning (add keys below this line) ──
  'error.sealed_unreadable': 'This item cannot be read on this device any more. Discard it and enter it again.',

  // ── Branch public: public pages, first visit (add keys below this line) ──
} as const satisfies Catalogue;
