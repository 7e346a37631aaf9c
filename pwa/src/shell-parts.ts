/**
 * What the shell (app/: nav bar, side menu, footer) shows from the features, in one place above
 * them, as offline-kinds.ts is for offline writes (decision 125). The side menu's signed-in
 * pieces are in shell-parts-signed-in.ts, so a visitor's first download carries none of them.
 * app/ imports features only through these two, and features never import app/; eslint.config.js
 * holds both arrows.
 */
export { useSiteDetails } from './features/site/api/get-site';
export { DonateLink } from './features/site/components/donate-link';
export { linesOf, phoneHref, socialNetworkName } from './features/site/site-text';
