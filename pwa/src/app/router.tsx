import { Route, Routes } from 'react-router-dom';
import { routePatterns } from '../lib/paths';
import { RootLayout } from './layout';
import { lazyRoute } from './lazy-route';

// The landing page is its own chunk again: its heading now comes in the server's HTML
// (decision 096), so its chunk no longer stands between a visitor and the first paint.
const Home = lazyRoute(() => import('../routes/home'));
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
// A linked whānau phone's own app (issue 34): neither public page nor staff route.
const WhanauApp = lazyRoute(() => import('../routes/whanau-app'));
// The staff routes and the not-found page: one lazily loaded table (staff-routes.tsx), so a
// visitor's first download carries none of their entries (decision 060).
const StaffRoutes = lazyRoute(() => import('./staff-routes'));

/**
 * The public routes of the spec (§2), in its order; every other path (the staff routes and the
 * not-found page) goes to the lazily loaded table of staff-routes.tsx.
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
        <Route path={routePatterns.whanauApp} element={<WhanauApp />} />
        <Route path="*" element={<StaffRoutes />} />
      </Route>
    </Routes>
  );
}
