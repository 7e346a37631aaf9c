import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../lib/auth/require-auth';
import { staffRoutePatterns } from '../lib/staff-paths';
import { lazyRoute } from './lazy-route';

const Clients = lazyRoute(() => import('../routes/clients'));
const Client = lazyRoute(() => import('../routes/client'));
const FollowUps = lazyRoute(() => import('../routes/follow-ups'));
const Dashboard = lazyRoute(() => import('../routes/dashboard'));
const WhanauList = lazyRoute(() => import('../routes/whanau-list'));
const NewWhanau = lazyRoute(() => import('../routes/new-whanau'));
const Whanau = lazyRoute(() => import('../routes/whanau'));
const WhanauContact = lazyRoute(() => import('../routes/whanau-contact'));
const NotFound = lazyRoute(() => import('../routes/not-found'));

// Site management: its chunks are kept out of the precache (see vite.config.ts).
const Manage = lazyRoute(() => import('../routes/manage'));
const ManageBlog = lazyRoute(() => import('../routes/manage-blog'));
const ManageUser = lazyRoute(() => import('../routes/manage-user'));
const ManageAudit = lazyRoute(() => import('../routes/manage-audit'));
const ManageRetention = lazyRoute(() => import('../routes/manage-retention'));
const ManageDuplicates = lazyRoute(() => import('../routes/manage-duplicates'));
const ManageImport = lazyRoute(() => import('../routes/manage-import'));
const ManageFeature = lazyRoute(() => import('../routes/manage-feature'));
const ManageLog = lazyRoute(() => import('../routes/manage-log'));
const ManageTeReo = lazyRoute(() => import('../routes/manage-te-reo'));
const ManageSite = lazyRoute(() => import('../routes/manage-site'));
const ManageTeam = lazyRoute(() => import('../routes/manage-team'));
const ManageFormerServices = lazyRoute(() => import('../routes/manage-former-services'));
const ManageServiceTexts = lazyRoute(() => import('../routes/manage-service-texts'));
const ManageAbout = lazyRoute(() => import('../routes/manage-about'));
const ManagePrivacy = lazyRoute(() => import('../routes/manage-privacy'));
const ManageOutputs = lazyRoute(() => import('../routes/manage-outputs'));
const Reports = lazyRoute(() => import('../routes/reports'));

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
      <Route path={staffRoutePatterns.clients} element={staff(Clients)} />
      <Route path={staffRoutePatterns.client} element={staff(Client)} />
      <Route path={staffRoutePatterns.whanauList} element={staff(WhanauList)} />
      <Route path={staffRoutePatterns.newWhanau} element={staff(NewWhanau)} />
      <Route path={staffRoutePatterns.whanau} element={staff(Whanau)} />
      <Route path={staffRoutePatterns.whanauContact} element={staff(WhanauContact)} />
      <Route path={staffRoutePatterns.followUps} element={staff(FollowUps)} />
      <Route path={staffRoutePatterns.manage} element={staff(Manage)} />
      <Route path={staffRoutePatterns.manageBlog} element={staff(ManageBlog)} />
      <Route path={staffRoutePatterns.manageUser} element={staff(ManageUser)} />
      <Route path={staffRoutePatterns.manageAudit} element={staff(ManageAudit)} />
      <Route path={staffRoutePatterns.manageRetention} element={staff(ManageRetention)} />
      <Route path={staffRoutePatterns.manageDuplicates} element={staff(ManageDuplicates)} />
      <Route path={staffRoutePatterns.manageImport} element={staff(ManageImport)} />
      <Route path={staffRoutePatterns.manageFeature} element={staff(ManageFeature)} />
      <Route path={staffRoutePatterns.manageLog} element={staff(ManageLog)} />
      <Route path={staffRoutePatterns.manageTeReo} element={staff(ManageTeReo)} />
      <Route path={staffRoutePatterns.manageSite} element={staff(ManageSite)} />
      <Route path={staffRoutePatterns.manageTeam} element={staff(ManageTeam)} />
      <Route path={staffRoutePatterns.manageFormerServices} element={staff(ManageFormerServices)} />
      <Route path={staffRoutePatterns.manageServiceTexts} element={staff(ManageServiceTexts)} />
      <Route path={staffRoutePatterns.manageAbout} element={staff(ManageAbout)} />
      <Route path={staffRoutePatterns.managePrivacy} element={staff(ManagePrivacy)} />
      <Route path={staffRoutePatterns.manageOutputs} element={staff(ManageOutputs)} />
      <Route path={staffRoutePatterns.dashboard} element={staff(Dashboard)} />
      <Route path={staffRoutePatterns.reports} element={staff(Reports)} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
