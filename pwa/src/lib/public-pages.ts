import { routes } from './paths';
import { matcherOf, type RouteDeclaration } from './route-table';

/**
 * The public pages the server renders (DESIGN §10): the routes of `paths.ts` marked
 * `serverRendered`, as one pattern for the server's renderer (entry-server.tsx) and the service
 * worker, which keeps the last rendered copy of each for offline use; every other path (sign-in,
 * staff) is the app's shell.
 */
export const serverRenderedRoutes = Object.values<RouteDeclaration>(routes).filter((route) => route.serverRendered);

export const publicPagePattern = matcherOf(serverRenderedRoutes.map((route) => route.pattern));
