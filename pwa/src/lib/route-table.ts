/**
 * One route of the app, declared once (decision 132) in one of two tables: `paths.ts` (what the
 * first page loads) and `staff-paths.ts` (the staff chunk's). The router, the links, the login
 * guard, signing out, the server's renderer, the service worker and the side menu read them. A
 * route's page is `src/routes/<its name in kebab-case>.tsx` (`blogPost`: `routes/blog-post.tsx`),
 * loaded lazily (app/router.tsx, app/staff-routes.tsx).
 */
export type RouteDeclaration = {
  /** The router's pattern: `:name` is one segment; a trailing `/*` leaves the rest to the page. */
  readonly pattern: string;
  /** Another route of the same table whose page this one shows (`/whanau-app/link`: `whanauApp`); it has no loader of its own. */
  readonly page?: string;
  /** Behind the login guard: signing out there leaves the page first. Never rendered by the server. */
  readonly staff?: true;
  /**
   * A public route the server leaves to the app's shell (sign-in). Every other public route is
   * rendered by the server (DESIGN §10) and kept by the service worker for use with no signal.
   */
  readonly shell?: true;
  /** Further modules a rendered page shows, under `src/` without `.tsx`: their stylesheets go in its head. */
  readonly styles?: readonly string[];
  /**
   * Who sees its side-menu entry, labelled `menu<Name>` (spec.ts, spec §2 "Side menu"), in the
   * table's order: everyone, even while sign-in is unknown; everyone once it is known; the signed
   * out; the signed in; managers.
   */
  readonly menu?: 'everyone' | 'known' | 'signedOut' | 'signedIn' | 'managers';
};

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

/** The names of a table's public routes (`Staff` false) or staff routes with a page of their own: the names their pages' loaders must have. */
export type NamesOf<T extends Readonly<Record<string, RouteDeclaration>>, Staff extends boolean> = {
  [K in keyof T]: T[K] extends { page: string } ? never : T[K] extends { staff: true } ? (Staff extends true ? K : never) : Staff extends true ? never : K;
}[keyof T];

/** The names of a table's staff routes. */
export type StaffNamesOf<T extends Readonly<Record<string, RouteDeclaration>>> = { [K in keyof T]: T[K] extends { staff: true } ? K : never }[keyof T];
