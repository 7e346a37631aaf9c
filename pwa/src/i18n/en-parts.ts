import type { Catalogue } from './messages';

/**
 * English for the parts of the shell and the home page that load after the first paint (the
 * footer, the side menu and language switch, the rest of the home page and its carousel, the
 * service cards and details, the update prompt, the sign-out warning, the waiting-enrolments
 * list): kept out of the home page's first download, and added to the English catalogue by
 * `parts.ts`, which each of those modules imports. Same rules as `en.ts`; `mi.ts` covers these
 * keys too.
 */
export const enParts = {
  'shell.mainMenu': 'Main menu',
  'shell.closeMenu': 'Close menu',
  'shell.signedInAs': 'Signed in as {name}',
  'language.label': 'Language',
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
  'update.ready': 'A new version of this app is ready.',
  'update.reload': 'New version — reload',
  'update.later': 'Later',
  'home.purpose': 'Our purpose',
  'home.missionTitle': 'Create · Provide · Improve',
  'home.inCommunity': 'In the community',
  'home.whoWeWorkWith': 'Who we work with',
  'home.focusLead': '<mi>Whānau</mi>, <mi>rangatahi</mi> and <mi>tamariki</mi>, with a focus on {groups}.',
  'home.donateText':
    'Every dollar helps put <mi>kai</mi> on the table, keeps <mi>rangatahi</mi> active and connected, and supports <mi>whānau</mi> through hard times.',
  'home.learnMore': 'Learn more about our <mi>mahi</mi>',
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
  'services.title': 'Services',
  'services.lead': 'Every service is free. Read about each one, and enrol online where enrolments are open.',
  'services.enrolIn': 'Enrol in {title}',
  'services.open': 'Enrolments open',
  'services.aboutSuffix': 'about {title}',
  'services.inSuffix': 'in {title}',
  'services.areOpen': 'Enrolments are open',
  'services.atAGlance': 'At a glance',
  'services.referrals': 'Referrals',
  'clients.menuBadge': { one: '{shown} new enrolment', other: '{shown} new enrolments' },
  'footer.contactSoon': 'Contact details coming soon',
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
  'common.comingSoon': 'Coming soon',
} as const satisfies Catalogue;
