/**
 * What the shell (app/: nav bar, side menu, footer) shows from the features, in one place above
 * them, as offline-kinds.ts is for offline writes (decision 125). app/ imports features only
 * through this module, and features never import app/; eslint.config.js holds both arrows.
 */
export { useSiteDetails } from './features/site/api/get-site';
export { DonateLink } from './features/site/components/donate-link';
export { linesOf, phoneHref, socialNetworkName } from './features/site/site-text';
export { useNewEnrolmentCount } from './features/clients/api/get-new-enrolment-count';

/** "My follow-ups" and its count: its own chunk, asked for only once someone is signed in (decision 083). */
export const loadFollowUpsMenuLink = () => import('./features/follow-ups/components/menu-count');
