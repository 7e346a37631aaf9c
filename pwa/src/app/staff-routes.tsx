import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../lib/auth/require-auth';
import type { PagesOf, RouteDeclaration } from '../lib/route-table';
import { everyRoute } from '../lib/staff-paths';
import { lazyRoute, type RouteModule } from './lazy-route';

/**
 * The page of each staff route, in both tables (lib/paths.ts, lib/staff-paths.ts), one chunk each;
 * the compiler asks for one here when a staff route is declared. Site management's chunks are
 * kept out of the precache (see vite.config.ts).
 */
const staffPages = {
  clients: () => import('../routes/clients'),
  client: () => import('../routes/client'),
  'follow-ups': () => import('../routes/follow-ups'),
  dashboard: () => import('../routes/dashboard'),
  'whanau-list': () => import('../routes/whanau-list'),
  'new-whanau': () => import('../routes/new-whanau'),
  whanau: () => import('../routes/whanau'),
  'whanau-contact': () => import('../routes/whanau-contact'),
  manage: () => import('../routes/manage'),
  'manage-blog': () => import('../routes/manage-blog'),
  'manage-user': () => import('../routes/manage-user'),
  'manage-audit': () => import('../routes/manage-audit'),
  'manage-retention': () => import('../routes/manage-retention'),
  'manage-duplicates': () => import('../routes/manage-duplicates'),
  'manage-import': () => import('../routes/manage-import'),
  'manage-feature': () => import('../routes/manage-feature'),
  'manage-log': () => import('../routes/manage-log'),
  'manage-te-reo': () => import('../routes/manage-te-reo'),
  'manage-site': () => import('../routes/manage-site'),
  'manage-team': () => import('../routes/manage-team'),
  'manage-former-services': () => import('../routes/manage-former-services'),
  'manage-service-texts': () => import('../routes/manage-service-texts'),
  'manage-about': () => import('../routes/manage-about'),
  'manage-privacy': () => import('../routes/manage-privacy'),
  'manage-outputs': () => import('../routes/manage-outputs'),
  reports: () => import('../routes/reports'),
} satisfies Record<PagesOf<typeof everyRoute, true>, () => Promise<RouteModule>>;

const pageOf = Object.fromEntries(Object.entries(staffPages).map(([page, load]) => [page, lazyRoute(load)]));
const NotFound = lazyRoute(() => import('../routes/not-found'));

const staff = (Page: ComponentType) => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);

/**
 * Each staff route's pattern beside its lazily loaded page. Every entry is rendered behind the
 * login guard (staff-routes.test.tsx checks each, and signing out on each leaves the page).
 */
export const staffRouteTable = Object.values<RouteDeclaration>(everyRoute).flatMap((route): [pattern: string, Page: ComponentType][] => {
  const Page = pageOf[route.page];
  return route.staff && Page ? [[route.pattern, Page]] : [];
});

/**
 * The staff routes, each behind the guard, then the helpful not-found page: every path the public
 * table (router.tsx) does not know. Its own chunk, loaded through the public table's `*` route, so
 * a visitor's first download holds neither these entries nor the login guard (decision 060).
 * Paths are absolute: the `*` route above them matches from `/`.
 */
export default function StaffRoutes() {
  return (
    <Routes>
      {staffRouteTable.map(([pattern, Page]) => (
        <Route key={pattern} path={pattern} element={staff(Page)} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
