/**
 * The side menu's pieces from the features for someone signed in (decision 125): imported only by
 * the lazily loaded side menu, so they stay out of a visitor's first download (the bundler puts
 * whatever shell-parts.ts re-exports in the first chunk).
 */
export { useNewEnrolmentCount } from './features/clients/api/get-new-enrolment-count';

/** "My follow-ups" and its count: its own chunk, asked for only once someone is signed in (decision 083). */
export const loadFollowUpsMenuLink = () => import('./features/follow-ups/components/menu-count');
