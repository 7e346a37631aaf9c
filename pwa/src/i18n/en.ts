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
  'shell.mainMenu': 'Main menu',
  'shell.closeMenu': 'Close menu',
  'shell.opensInNewTab': '(opens in a new tab)',
  'shell.signedInAs': 'Signed in as {name}',
  'shell.offlineTitle': 'You are offline.',
  'shell.offlineBody': 'Pages you have visited still work, and anything you send waits on this device until you are back online.',
  'language.label': 'Language',

  // ── Public pages, enrolment, alerts (add keys below this line) ──

  // Page titles and the footer
  'page.homeTitle': '{name} — free community services in Ōtautahi Christchurch',
  'footer.donate': 'Donate to the trust',
  'footer.getInTouch': 'Get in touch',
  'footer.explore': 'Explore',
  'footer.services': 'Our free services',
  'footer.about': 'About the trust',
  'footer.team': 'Our <mi>kaitiaki</mi>',
  'footer.blog': 'News and stories',
  'footer.follow': 'Follow us on {network}',
  'footer.copyright': '© {year} {name} · Registered charity {number}',
  'footer.whakatauki': '<mi>Nāu te rourou, nāku te rourou, ka ora ai te iwi.</mi> With your basket and my basket, the people will thrive.',
  // Errors, updates, shared pieces
  'error.notFound': 'We could not find that page.',
  'error.body': 'Sorry, this page could not be shown. Check your connection and try again — if it keeps happening, let us know.',
  'error.tryAgain': 'Try again',
  'error.home': 'Go to the home page',
  'update.ready': 'A new version of this app is ready.',
  'update.reload': 'New version — reload',
  'update.later': 'Later',
  'common.comingSoon': 'Coming soon',
  // Home page
  'home.welcome': '<mi>Nau mai, haere mai</mi>',
  'home.ourFreeServices': 'OUR FREE SERVICES',
  'home.aboutTrust': 'ABOUT THE TRUST',
  'home.achievements': 'What we have achieved together',
  'home.purpose': 'Our purpose',
  'home.missionTitle': 'Create · Provide · Improve',
  'home.freeForWhanau': 'Free for <mi>whānau</mi>',
  'home.ourServices': 'Our services',
  'home.servicesLead': 'Every service is free. Read more about each one, and enrol online where enrolments are open.',
  'home.inCommunity': 'In the community',
  'home.whoWeWorkWith': 'Who we work with',
  'home.focusLead': '<mi>Whānau</mi>, <mi>rangatahi</mi> and <mi>tamariki</mi>, with a focus on {groups}.',
  'home.donateText': 'Every dollar helps put <mi>kai</mi> on the table, keeps <mi>rangatahi</mi> active and connected, and supports <mi>whānau</mi> through hard times.',
  'home.learnMore': 'Learn more about our <mi>mahi</mi>',
  // Carousel
  'carousel.label': 'Community highlights',
  'carousel.pause': 'Pause',
  'carousel.play': 'Play',
  'carousel.slideShow': 'slide show',
  'carousel.previous': 'Previous slide',
  'carousel.next': 'Next slide',
  'carousel.slideLabel': '{number} of {count}: {title}',
  'carousel.loadFailed': 'Our latest highlights could not be loaded just now.',
  'carousel.empty': 'Stories from our community will appear here soon.',
  'carousel.meantime': 'In the meantime, have a look at our free services.',
  // Services
  'services.title': 'Services',
  'services.lead': 'Every service is free. Read about each one, and enrol online where enrolments are open.',
  'services.loadFailed': 'Our services could not be loaded just now. Please try again soon, or phone us on {phone}.',
  'services.enrolIn': 'Enrol in {title}',
  'services.open': 'Enrolments open',
  'services.aboutSuffix': 'about {title}',
  'services.inSuffix': 'in {title}',
  'services.areOpen': 'Enrolments are open',
  'services.atAGlance': 'At a glance',
  'services.referrals': 'Referrals',

  'alerts.label': 'Notifications',
  'alerts.dismiss': 'Dismiss notification',

  'alerts.failed': 'Something went wrong. Please try again.',

  // ── Site management and server errors (add keys below this line) ──
  // (The sentences of error codes and the field names they point at are in en-errors.ts.)


  // ── Client work: clients, client page, dashboard, enrolments inbox (add keys below this line) ──
  'clients.somethingFailed': "Something went wrong. Please try again.",
  'clients.menuBadge': { one: "{shown} new enrolment", other: "{shown} new enrolments" },

  // ── Branch manage: the trust's details in the footer (add keys below this line) ──
  'footer.contactSoon': 'Contact details coming soon',
  'services.loadFailedNoPhone': 'Our services could not be loaded just now. Please try again soon.',

  // ── Branch outbox: waiting items, sync state, sign-out warning (add keys below this line) ──
  'outbox.itemFor': '{service} for {name}',
  'signOut.title': 'Work not sent yet',
  'signOut.unsent': {
    one: '{count} change made on this device has not reached the trust yet. Signing out deletes it from this device.',
    other: '{count} changes made on this device have not reached the trust yet. Signing out deletes them from this device.',
  },
  'signOut.stillWaiting': {
    one: '{count} change could not be sent. Try again when you have signal, or sign out and lose it.',
    other: '{count} changes could not be sent. Try again when you have signal, or sign out and lose them.',
  },
  'signOut.sendFirst': 'Send now',
  'signOut.sending': 'Sending…',
  'signOut.stay': 'Stay signed in',
  'signOut.anyway': 'Sign out and delete',
  'error.sealed_unreadable': 'This item cannot be read on this device any more. Discard it and enter it again.',

  // ── Branch public: public pages, first visit (add keys below this line) ──

} as const satisfies Catalogue;
