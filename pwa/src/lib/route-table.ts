import type { SpecKey } from '../i18n/spec';

/**
 * One route of the app, declared once (decision 132) in one of two tables: `paths.ts` (what the
 * first page loads) and `staff-paths.ts` (the staff chunk's). The router, the links, the login
 * guard, signing out, the server's renderer, the service worker and the side menu read them.
 */
export type RouteDeclaration = {
  /** The router's pattern: `:name` is one segment; a trailing `/*` leaves the rest to the page. */
  readonly pattern: string;
  /** Its page, `src/routes/<page>.tsx`, loaded lazily (app/router.tsx, app/staff-routes.tsx). */
  readonly page: string;
  /** Behind the login guard: signing out there leaves the page first. */
  readonly staff?: true;
  /** Rendered by the server (DESIGN §10) and kept by the service worker for use with no signal. */
  readonly serverRendered?: true;
  /** Further modules the rendered page shows, by source path: their stylesheets go in its head. */
  readonly styles?: readonly string[];
  /** Its entries in the side menu, in the table's order (spec §2 "Side menu"). */
  readonly menu?: readonly MenuEntry[];
};

/**
 * Who sees a menu entry: everyone, even while sign-in is unknown; everyone once it is known; the
 * signed out; the signed in; managers. DONATE is the contact page's second entry: it leads there
 * until the trust sets its giving page.
 */
export type MenuEntry = { readonly text: SpecKey; readonly for: 'everyone' | 'known' | 'signedOut' | 'signedIn' | 'managers'; readonly donate?: true };

type Segments<P extends string> = P extends `${string}:${string}/${infer Rest}` ? [string, ...Segments<Rest>] : P extends `${string}:${string}` ? [string] : [];
type PathOf<P extends string> = P extends `${infer Base}/*` ? Base : P;

/** A route's link: its path, or a builder taking each `:segment` in order. */
export type Href<P extends string> = Segments<P> extends [] ? PathOf<P> : (...segments: Segments<P>) => string;

/** The path of a pattern with no segments to fill (`/whanau-app/*` is `/whanau-app`). */
export const pathOf = (pattern: string): string => pattern.replace(/\/\*$/, '') || '/';

function hrefOf(pattern: string): string | ((...segments: string[]) => string) {
  const path = pathOf(pattern);
  if (!path.includes(':')) return path;
  return (...segments) => {
    let next = 0;
    return path.replace(/:\w+/g, () => encodeURIComponent(segments[next++] ?? ''));
  };
}

/** Each route's link, by its name in the table, so links never spell a path by hand. */
export function hrefsOf<T extends Readonly<Record<string, RouteDeclaration>>>(table: T): { readonly [K in keyof T]: Href<T[K]['pattern']> } {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, hrefOf(route.pattern)])) as { [K in keyof T]: Href<T[K]['pattern']> };
}

/** Each route's pattern, by its name in the table. */
export function patternsOf<T extends Readonly<Record<string, RouteDeclaration>>>(table: T): { readonly [K in keyof T]: T[K]['pattern'] } {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, route.pattern])) as { [K in keyof T]: T[K]['pattern'] };
}

/** The pages of a table's routes, public (`Staff` false) or staff: the names their loaders must have. */
export type PagesOf<T extends Readonly<Record<string, RouteDeclaration>>, Staff extends boolean> = {
  [K in keyof T]: T[K] extends { staff: true } ? (Staff extends true ? T[K]['page'] : never) : Staff extends true ? never : T[K]['page'];
}[keyof T];

/** The names of a table's staff routes. */
export type StaffNamesOf<T extends Readonly<Record<string, RouteDeclaration>>> = { [K in keyof T]: T[K] extends { staff: true } ? K : never }[keyof T];

/** Whole paths any of the patterns matches, with or without a trailing slash. */
export function matcherOf(patterns: readonly string[]): RegExp {
  const source = (pattern: string) => `${pattern.replace(/\/\*$/, '(/.*)?').replace(/:\w+/g, '[^/]+')}/?`;
  return new RegExp(`^(${patterns.map(source).join('|')})$`);
}
