import type { Catalogue } from './messages';

/**
 * Every sentence the interface shows, in English (the default language). Keys are grouped by
 * area with a dotted prefix. `{name}` is a placeholder; `{ one, other }` is a plural chosen by
 * `count`. The trust's own wording from the spec lives in `spec.ts`, not here; its `gloss.*`
 * keys are empty in English and hold the Māori line shown beside that wording in `mi.ts`.
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

  // Māori lines shown beside the trust's own English wording (spec.ts); empty in English.
  'gloss.menuHome': '',
  'gloss.menuTeam': '',
  'gloss.menuServices': '',
  'gloss.menuContact': '',
  'gloss.menuDonate': '',
  'gloss.menuBlog': '',
  'gloss.menuFormerServices': '',
  'gloss.menuLogin': '',
  'gloss.menuClients': '',
  'gloss.menuDashboard': '',
  'gloss.menuManage': '',
  'gloss.menuLogout': '',
  'gloss.weSupport': '',
  'gloss.checkOutServices': '',
  'gloss.ourFocus': '',
  'gloss.buildingCommunities': '',
  'gloss.donateCall': '',
  'gloss.readMore': '',
  'gloss.enrolNow': '',
  'gloss.temporarilyUnavailable': '',
  'gloss.loading': '',
  'gloss.somethingWentWrong': '',
  'gloss.mustLogIn': '',
  'gloss.loggedIn': '',
  'gloss.loggedOut': '',
  'gloss.blogPostCreated': '',
  'gloss.featureCreated': '',
  'gloss.postDeleted': '',
  'gloss.featureDeleted': '',
  'gloss.logFileDeleted': '',
  'gloss.error': '',

  // ── Site management and server errors (add keys below this line) ──

  // ── Client work: clients, client page, dashboard, enrolments inbox (add keys below this line) ──

} as const satisfies Catalogue;
