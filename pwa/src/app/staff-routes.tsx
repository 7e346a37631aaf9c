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
 * The staff routes of the spec (§2), in its order: each pattern once, beside its page. Every entry
 * is rendered behind the login guard (staff-routes.test.tsx holds this table to
 * `staffRoutePatterns`, and signing out on each of them to leaving the page).
 */
export const staffRouteTable: readonly (readonly [pattern: string, Page: ComponentType])[] = [
  [staffRoutePatterns.clients, Clients],
  [staffRoutePatterns.client, Client],
  [staffRoutePatterns.whanauList, WhanauList],
  [staffRoutePatterns.newWhanau, NewWhanau],
  [staffRoutePatterns.whanau, Whanau],
  [staffRoutePatterns.whanauContact, WhanauContact],
  [staffRoutePatterns.followUps, FollowUps],
  [staffRoutePatterns.manage, Manage],
  [staffRoutePatterns.manageBlog, ManageBlog],
  [staffRoutePatterns.manageUser, ManageUser],
  [staffRoutePatterns.manageAudit, ManageAudit],
  [staffRoutePatterns.manageRetention, ManageRetention],
  [staffRoutePatterns.manageDuplicates, ManageDuplicates],
  [staffRoutePatterns.manageImport, ManageImport],
  [staffRoutePatterns.manageFeature, ManageFeature],
  [staffRoutePatterns.manageLog, ManageLog],
  [staffRoutePatterns.manageTeReo, ManageTeReo],
  [staffRoutePatterns.manageSite, ManageSite],
  [staffRoutePatterns.manageTeam, ManageTeam],
  [staffRoutePatterns.manageFormerServices, ManageFormerServices],
  [staffRoutePatterns.manageServiceTexts, ManageServiceTexts],
  [staffRoutePatterns.manageAbout, ManageAbout],
  [staffRoutePatterns.managePrivacy, ManagePrivacy],
  [staffRoutePatterns.manageOutputs, ManageOutputs],
  [staffRoutePatterns.dashboard, Dashboard],
  [staffRoutePatterns.reports, Reports],
];

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
