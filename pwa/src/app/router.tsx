import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { routePatterns } from '../lib/paths';
import { RootLayout } from './layout';
import { lazyRoute } from './lazy-route';
// The landing page is in the main chunk: lazy, it cost a round trip before its heading could paint.
import Home from '../routes/home';

const Team = lazyRoute(() => import('../routes/team'));
const Services = lazyRoute(() => import('../routes/services'));
const Service = lazyRoute(() => import('../routes/service'));
const Contact = lazyRoute(() => import('../routes/contact'));
const Login = lazyRoute(() => import('../routes/login'));
const About = lazyRoute(() => import('../routes/about'));
const Enrol = lazyRoute(() => import('../routes/enrol'));
const Blog = lazyRoute(() => import('../routes/blog'));
const BlogPost = lazyRoute(() => import('../routes/blog-post'));
const FormerServices = lazyRoute(() => import('../routes/former-services'));
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
 * Every route of the spec (§2), in its order, then a helpful not-found page.
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
        <Route path={routePatterns.home} element={<Home />} />
        <Route path={routePatterns.team} element={<Team />} />
        <Route path={routePatterns.services} element={<Services />} />
        <Route path={routePatterns.service} element={<Service />} />
        <Route path={routePatterns.contact} element={<Contact />} />
        <Route path={routePatterns.login} element={<Login />} />
        <Route path={routePatterns.about} element={<About />} />
        <Route path={routePatterns.enrol} element={<Enrol />} />
        <Route path={routePatterns.blog} element={<Blog />} />
        <Route path={routePatterns.blogPost} element={<BlogPost />} />
        <Route path={routePatterns.formerServices} element={<FormerServices />} />
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
      </Route>
    </Routes>
  );
}
