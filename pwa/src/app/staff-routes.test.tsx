import type { CurrentUser } from '@contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths';
import { pageModuleOf } from '../lib/route-match';
import type { RouteDeclaration } from '../lib/route-table';
import { everyRoute, staffRoutePatterns } from '../lib/staff-paths';

// The guard marks what it wraps, and each lazily loaded page is a stub naming the module it
// would load, so a render shows which page sits behind which guard without loading any of them.
vi.mock('../lib/auth/require-auth', () => ({ RequireAuth: ({ children }: { children: ReactNode }) => <main data-guard="login">{children}</main> }));
vi.mock('./lazy-route', () => ({
  lazyRoute: (importModule: () => Promise<unknown>) => {
    const source = /routes\/([\w-]+)/.exec(importModule.toString())?.[1] ?? 'unknown';
    return () => <p data-page={source} />;
  },
}));

vi.mock('./layout', () => ({ RootLayout: () => null }));

// What signing out touches besides the page: the token, the owed revocation, the device copy.
const token = vi.hoisted(() => ({ value: 'token' as string | null, cleared: [] as string[] }));
vi.mock('../lib/auth-token', () => ({
  announceSignedIn: vi.fn(),
  getToken: () => token.value,
  maySignOut: () => Promise.resolve(true),
  setToken: (value: string | null) => {
    token.value = value;
    if (value === null) token.cleared.push(window.location.pathname);
  },
}));
vi.mock('../lib/owed-revocation', () => ({ revokeOrOwe: () => Promise.resolve() }));
vi.mock('../lib/staff-queries', () => ({ dropStaffQueries: vi.fn() }));
vi.mock('../lib/vault/vault', () => ({ openVaultAtSignIn: vi.fn(), wipeVault: () => Promise.resolve() }));
vi.mock('../lib/auth/api/log-in', () => ({ requestToken: vi.fn() }));
vi.mock('../lib/auth/api/get-current-user', () => ({ currentUserQuery: vi.fn(), forgetLastUser: vi.fn() }));

const { default: StaffRoutes, staffRouteTable } = await import('./staff-routes');
const { publicRouteTable } = await import('./router');
const { logOut } = await import('../lib/auth/session');

/** A path the pattern matches, e.g. `/whanau/x1/contact` for `/whanau/:id/contact`. */
const sample = (pattern: string) => pattern.replace(/:\w+/g, 'x1');
const staffRoutes = Object.values(staffRoutePatterns);

describe('the route tables', () => {
  // The router's tables are built from lib/paths.ts and lib/staff-paths.ts; each route's page is
  // the module its declaration names, loaded lazily, staff routes in the staff chunk's table.
  it.each(Object.entries<RouteDeclaration>(everyRoute))('%s is routed to its own page module', (name, route) => {
    const table = route.staff ? staffRouteTable : publicRouteTable;
    const entries = table.filter(([pattern]) => pattern === route.pattern);
    expect(entries).toHaveLength(1);
    const [[, Page]] = entries as [[string, () => ReactNode]];
    expect(renderToString(<Page />)).toBe(`<p data-page="${/routes\/([\w-]+)/.exec(pageModuleOf(route.page ?? name))?.[1]}"></p>`);
  });

  it('routes nothing the tables do not declare', () => {
    expect(staffRouteTable.length + publicRouteTable.length).toBe(Object.keys(everyRoute).length);
  });
});

describe('the staff route table', () => {
  it('routes every staff pattern once, and no other', () => {
    expect(staffRouteTable.map(([pattern]) => pattern).sort()).toEqual([...staffRoutes].sort());
  });

  it.each(staffRoutes)('%s shows its page only behind the login guard', (pattern) => {
    const html = renderToString(
      <MemoryRouter initialEntries={[sample(pattern)]}>
        <StaffRoutes />
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<main data-guard="login"><p data-page="[\w-]+"><\/p><\/main>$/);
    expect(html).not.toContain('data-page="not-found"');
  });

  it('sends an unknown path to the not-found page, unguarded', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <StaffRoutes />
      </MemoryRouter>,
    );
    expect(html).toBe('<p data-page="not-found"></p>');
  });
});

describe('signing out on a staff route', () => {
  const user = { _id: 'u1', email: 'kaimahi@example.org' } as CurrentUser;
  let location: { pathname: string };

  beforeEach(() => {
    location = { pathname: '/' };
    vi.stubGlobal('window', { location });
    token.value = 'token';
    token.cleared = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  // Before the table, /whanau… and /reports were missing from isProtectedPath: the token went
  // while the page was still a staff page, so its guard met a signed-out visitor.
  it.each(staffRoutes)('%s is left for the home page before the session is forgotten', async (pattern) => {
    location.pathname = sample(pattern);
    const navigate = vi.fn((to: string) => {
      location.pathname = to;
      return Promise.resolve();
    });
    const setAlert = vi.fn();
    await logOut({ queryClient: {} as QueryClient, navigate: navigate as unknown as NavigateFunction, setAlert }, user);
    expect(navigate).toHaveBeenCalledWith(paths.home, { flushSync: true });
    expect(token.cleared).toEqual([paths.home]);
    expect(setAlert).toHaveBeenCalledWith(expect.any(String), 'success');
  });

  it('stays on a public page when signing out there', async () => {
    location.pathname = paths.blog;
    const navigate = vi.fn(() => Promise.resolve());
    await logOut({ queryClient: {} as QueryClient, navigate: navigate as unknown as NavigateFunction, setAlert: vi.fn() }, user);
    expect(navigate).not.toHaveBeenCalled();
    expect(token.cleared).toEqual([paths.blog]);
  });
});
