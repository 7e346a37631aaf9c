import { routes } from './paths';
import { isServerRendered, matcherOf } from './route-match';
import type { RouteDeclaration } from './route-table';

/**
 * The public pages the server renders (DESIGN §10): the public routes of `paths.ts` not left to
 * the shell, as one pattern for the server's renderer (entry-server.tsx) and the service
 * worker, which keeps the last rendered copy of each for offline use; every other path (sign-in,
 * staff) is the app's shell.
 */
export const serverRenderedRoutes = Object.entries<RouteDeclaration>(routes).filter(([, route]) => isServerRendered(route));

export const publicPagePattern = matcherOf(serverRenderedRoutes.map(([, route]) => route.pattern));
