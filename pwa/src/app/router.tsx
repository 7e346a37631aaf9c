import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes } from '../lib/paths';
import type { NamesOf, RouteDeclaration } from '../lib/route-table';
import { RootLayout } from './layout';
import { lazyRoute, type RouteModule } from './lazy-route';

/**
 * The page of each public route of `routes` (lib/paths.ts), by the route's name, one chunk each;
 * the compiler asks for one here when a public route is declared. The landing page is its own chunk again: its heading
 * comes in the server's HTML (decision 096), so its chunk no longer stands between a visitor and
 * the first paint.
 */
const publicPages = {
  home: () => import('../routes/home'),
  team: () => import('../routes/team'),
  services: () => import('../routes/services'),
  service: () => import('../routes/service'),
  contact: () => import('../routes/contact'),
  about: () => import('../routes/about'),
  enrol: () => import('../routes/enrol'),
  blog: () => import('../routes/blog'),
  blogPost: () => import('../routes/blog-post'),
  formerServices: () => import('../routes/former-services'),
  login: () => import('../routes/login'),
  whanauApp: () => import('../routes/whanau-app'),
} satisfies Record<NamesOf<typeof routes, false>, () => Promise<RouteModule>>;

const pageOf = Object.fromEntries(Object.entries(publicPages).map(([page, load]) => [page, lazyRoute(load)]));

/** Each public route's pattern beside its lazily loaded page (staff-routes.test.tsx checks each is its own). */
export const publicRouteTable = Object.entries<RouteDeclaration>(routes).flatMap(([name, route]): [pattern: string, Page: ComponentType][] => {
  const Page = pageOf[route.page ?? name];
  return !route.staff && Page ? [[route.pattern, Page]] : [];
});

// The staff routes and the not-found page: one lazily loaded table (staff-routes.tsx), so a
// visitor's first download carries none of their entries (decision 060).
const StaffRoutes = lazyRoute(() => import('./staff-routes'));

/**
 * The public routes of the spec (§2); every other path (the staff routes and the not-found page)
 * goes to the lazily loaded table of staff-routes.tsx.
 *
 * Declarative `<Routes>` inside `<BrowserRouter>` (main.tsx), not a data router: the app uses no
 * loaders or actions, and `createBrowserRouter` put about 16 KB gzip more on every first visit
 * (decision 060). A render failure is caught by the layout's error boundary (error-page.tsx),
 * which keeps the menu working, as a data router's `errorElement` did.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {publicRouteTable.map(([pattern, Page]) => (
          <Route key={pattern} path={pattern} element={<Page />} />
        ))}
        <Route path="*" element={<StaffRoutes />} />
      </Route>
    </Routes>
  );
}
