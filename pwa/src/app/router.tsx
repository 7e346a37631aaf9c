import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/require-auth';
import { routePatterns } from '../lib/paths';
import { RouteError } from './error-page';
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

/** Every route of the spec (§2), in its order, then a helpful not-found page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Render failures show inside the layout, so the menu still works.
        errorElement: <RouteError />,
        children: [
          { path: routePatterns.home, element: <Home /> },
          { path: routePatterns.team, element: <Team /> },
          { path: routePatterns.services, element: <Services /> },
          { path: routePatterns.service, element: <Service /> },
          { path: routePatterns.contact, element: <Contact /> },
          { path: routePatterns.login, element: <Login /> },
          { path: routePatterns.about, element: <About /> },
          { path: routePatterns.enrol, element: <Enrol /> },
          { path: routePatterns.blog, element: <Blog /> },
          { path: routePatterns.blogPost, element: <BlogPost /> },
          { path: routePatterns.formerServices, element: <FormerServices /> },
          { path: routePatterns.clients, element: staff(Clients) },
          { path: routePatterns.client, element: staff(Client) },
          { path: routePatterns.manage, element: staff(Manage) },
          { path: routePatterns.manageBlog, element: staff(ManageBlog) },
          { path: routePatterns.manageUser, element: staff(ManageUser) },
          { path: routePatterns.manageFeature, element: staff(ManageFeature) },
          { path: routePatterns.manageLog, element: staff(ManageLog) },
          { path: routePatterns.manageTeReo, element: staff(ManageTeReo) },
          { path: routePatterns.manageSite, element: staff(ManageSite) },
          { path: routePatterns.manageTeam, element: staff(ManageTeam) },
          { path: routePatterns.manageFormerServices, element: staff(ManageFormerServices) },
          { path: routePatterns.dashboard, element: staff(Dashboard) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
