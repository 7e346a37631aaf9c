import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../lib/auth/require-auth';
import type { NamesOf, RouteDeclaration } from '../lib/route-table';
import { everyRoute } from '../lib/staff-paths';
import { lazyRoute, type RouteModule } from './lazy-route';

/**
 * The page of each staff route, in both tables (lib/paths.ts, lib/staff-paths.ts), by the route's
 * name, one chunk each;
 * the compiler asks for one here when a staff route is declared. Site management's chunks are
 * kept out of the precache (see vite.config.ts).
 */
const staffPages = {
  clients: () => import('../routes/clients'),
  client: () => import('../routes/client'),
  followUps: () => import('../routes/follow-ups'),
  dashboard: () => import('../routes/dashboard'),
  whanauList: () => import('../routes/whanau-list'),
  newWhanau: () => import('../routes/new-whanau'),
  whanau: () => import('../routes/whanau'),
  whanauContact: () => import('../routes/whanau-contact'),
  manage: () => import('../routes/manage'),
  manageBlog: () => import('../routes/manage-blog'),
  manageUser: () => import('../routes/manage-user'),
  manageAudit: () => import('../routes/manage-audit'),
  manageRetention: () => import('../routes/manage-retention'),
  manageDuplicates: () => import('../routes/manage-duplicates'),
  manageImport: () => import('../routes/manage-import'),
  manageFeature: () => import('../routes/manage-feature'),
  manageLog: () => import('../routes/manage-log'),
  manageTeReo: () => import('../routes/manage-te-reo'),
  manageSite: () => import('../routes/manage-site'),
  manageTeam: () => import('../routes/manage-team'),
  manageFormerServices: () => import('../routes/manage-former-services'),
  manageServiceTexts: () => import('../routes/manage-service-texts'),
  manageAbout: () => import('../routes/manage-about'),
  managePrivacy: () => import('../routes/manage-privacy'),
  manageOutputs: () => import('../routes/manage-outputs'),
  reports: () => import('../routes/reports'),
} satisfies Record<NamesOf<typeof everyRoute, true>, () => Promise<RouteModule>>;

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
export const staffRouteTable = Object.entries<RouteDeclaration>(everyRoute).flatMap(([name, route]): [pattern: string, Page: ComponentType][] => {
  const Page = pageOf[route.page ?? name];
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
