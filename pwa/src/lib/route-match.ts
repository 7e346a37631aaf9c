import type { RouteDeclaration } from './route-table';

/*
 * What the server, the service worker and signing out ask of the route tables: apart from
 * `route-table.ts`, which the first page loads, so a visitor's first download carries none of it.
 */

/** Rendered by the server: a public route not left to the shell. */
export const isServerRendered = (route: RouteDeclaration): boolean => !route.staff && !route.shell;

/** Whole paths any of the patterns matches, with or without a trailing slash. */
export function matcherOf(patterns: readonly string[]): RegExp {
  const source = (pattern: string) => `${pattern.replace(/\/\*$/, '(/.*)?').replace(/:\w+/g, '[^/]+')}/?`;
  return new RegExp(`^(${patterns.map(source).join('|')})$`);
}

/** The source module of a route's page: `src/routes/blog-post.tsx` for `blogPost`. */
export const pageModuleOf = (name: string): string => `src/routes/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`;
