import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { routePatterns } from '../lib/paths';
import { lazyRoute } from './lazy-route';

const Clients = lazyRoute(() => import('../routes/clients'));
const Client = lazyRoute(() => import('../routes/client'));
const Dashboard = lazyRoute(() => import('../routes/dashboard'));
const NotFound = lazyRoute(() => import('../routes/not-found'));

// Site management: its chunks are kept out of the precache (see vite.config.ts).
const Manage = lazyRoute(() => import('../routes/manage'));
const ManageBlog = lazyRoute(() => import('../routes/manage-blog'));
const ManageUser = lazyRoute(() => import('../routes/manage-user'));
const ManageFeature = lazyRoute(() => import('../routes/manage-feature'));
const ManageLog = lazyRoute(() => import('../routes/manage-log'));
const ManageTeReo = lazyRoute(() => import('../routes/manage-te-reo'));
const ManageSite = lazyRoute(() => import('../routes/manage-site'));
const ManageTeam = lazyRoute(() => import('../routes/manage-team'));
const ManageFormerServices = lazyRoute(() => import('../routes/manage-former-services'));

const staff = (Page: ComponentType) => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);

/**
 * The staff routes of the spec (§2), in its order, then the helpful not-found page: every path
 * the public table (router.tsx) does not know. Its own chunk, loaded through the public table's
 * `*` route, so a visitor's first download holds neither these entries nor the login guard
 * (decision 060). Paths are absolute: the `*` route above them matches from `/`.
 */
export default function StaffRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.clients} element={staff(Clients)} />
      <Route path={routePatterns.client} element={staff(Client)} />
      <Route path={routePatterns.manage} element={staff(Manage)} />
      <Route path={routePatterns.manageBlog} element={staff(ManageBlog)} />
      <Route path={routePatterns.manageUser} element={staff(ManageUser)} />
      <Route path={routePatterns.manageFeature} element={staff(ManageFeature)} />
      <Route path={routePatterns.manageLog} element={staff(ManageLog)} />
      <Route path={routePatterns.manageTeReo} element={staff(ManageTeReo)} />
      <Route path={routePatterns.manageSite} element={staff(ManageSite)} />
      <Route path={routePatterns.manageTeam} element={staff(ManageTeam)} />
      <Route path={routePatterns.manageFormerServices} element={staff(ManageFormerServices)} />
      <Route path={routePatterns.dashboard} element={staff(Dashboard)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
