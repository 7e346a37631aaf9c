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

  'error.onField': '{field}: {message}',
  'error.unexpected': 'Something went wrong. Please try again.',
  'error.required': 'Please fill this in.',
  'error.too_short': 'Use at least {limit} characters.',
  'error.too_long': 'Use at most {limit} characters.',
  'error.too_small': 'Must be at least {limit}.',
  'error.too_big': 'Must be at most {limit}.',
  'error.not_integer': 'Use a whole number.',
  'error.invalid_type': 'This is not the right kind of value.',
  'error.invalid_format': 'This is not in the right format.',
  'error.invalid_email': 'Enter a valid email address.',
  'error.invalid_id': 'This id is not valid.',
  'error.invalid_value': 'Choose one of the options given.',
  'error.invalid_date': 'Enter a real date, not in the future and not before 1900.',
  'error.invalid_phone': 'Enter a phone number of 6 to 20 digits (spaces and + - ( ) are fine).',
  'error.not_accepted': 'Please tick the box to agree.',
  'error.contact_needed': 'Give a phone number or an email address we can contact you on.',
  'error.bad_request': 'The request could not be handled. Please check it and try again.',
  'error.invalid_body': 'What was sent could not be read. Please try again.',
  'error.invalid_credentials': 'The email or the password is not right.',
  'error.not_signed_in': 'Please sign in.',
  'error.invalid_token': 'Your session has ended. Please sign in again.',
  'error.forbidden': 'You do not have access to this.',
  'error.access_too_high': 'You cannot give an access level above your own.',
  'error.not_found': 'We could not find that. It may have been removed.',
  'error.method_not_allowed': 'That action is not allowed here.',
  'error.conflict': 'That clashes with what is already saved. Please reload and try again.',
  'error.edit_conflict': 'Someone else changed this record since you opened it.',
  'error.already_in_use': 'That is already in use.',
  'error.last_manager': 'This is the last active manager: give another account manager access first.',
  'error.service_closed': 'This service is not taking enrolments right now.',
  'error.request_id_reused': 'This was already sent with different details.',
  'error.too_large': 'That is too large to send.',
  'error.unsupported_media_type': 'That kind of file or form cannot be sent here.',
  'error.invalid_image': 'The image must be a JPEG, PNG or WebP picture that is not damaged.',
  'error.too_many_requests': 'Too many attempts. Please wait a while and try again.',
  'error.server_error': 'Something went wrong on the server. Please try again.',
  'error.not_implemented': 'That is not available yet.',
  'error.no_connection': 'No connection. Check you are online and try again.',
  'field.title': 'Title',
  'field.author': 'Author',
  'field.text': 'Text',
  'field.imageAlt': 'Image description',
  'field.image': 'Image',
  'field.email': 'Email',
  'field.password': 'Password',
  'field.name': 'Name',
  'field.access': 'Access level',
  'field.active': 'Active',
  'field.givenName': 'Given name',
  'field.familyName': 'Family name',
  'field.dateOfBirth': 'Date of birth',
  'field.phone': 'Phone number',
  'field.suburb': 'Suburb',
  'field.iwi': 'Iwi',
  'field.householdSize': 'Household size',
  'field.preferredContact': 'How to contact you',
  'field.message': 'Message',
  'field.consent': 'Agreement',
  'field.serviceKey': 'Service',
  'field.status': 'Status',
  'field.statusText': 'Status text',
  'field.key': 'Entry',

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
