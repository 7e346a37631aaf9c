import type { ImageSize } from '@contract/limits';
import { hrefsOf, type RouteDeclaration } from './route-table';

/**
 * The routes of the spec (§2) that the first page's code needs to know: every public page, sign-in,
 * and the staff routes the shell links to (the menu, sign-in's landing). Each once (decision 132):
 * its pattern, its page, staff or not, rendered by the server or not, the stylesheets a rendered
 * page needs beyond its page's, its menu entries. The other staff routes are in `staff-paths.ts`,
 * apart, so a visitor's first download carries none of them (decision 060). In the menu's order.
 */
export const routes = {
  home: {
    pattern: '/',
    page: 'home',
    serverRendered: true,
    styles: ['src/routes/home-below-fold.tsx', 'src/features/services/components/service-grid.tsx'],
    menu: [{ text: 'menuHome', for: 'everyone' }],
  },
  team: { pattern: '/team', page: 'team', serverRendered: true, menu: [{ text: 'menuTeam', for: 'everyone' }] },
  services: { pattern: '/services', page: 'services', serverRendered: true, menu: [{ text: 'menuServices', for: 'everyone' }] },
  service: { pattern: '/service/:id', page: 'service', serverRendered: true },
  contact: {
    pattern: '/contact',
    page: 'contact',
    serverRendered: true,
    menu: [
      { text: 'menuContact', for: 'everyone' },
      { text: 'menuDonate', for: 'everyone', donate: true },
    ],
  },
  about: { pattern: '/about', page: 'about', serverRendered: true },
  enrol: { pattern: '/enrol/:id', page: 'enrol', serverRendered: true },
  blog: { pattern: '/blog', page: 'blog', serverRendered: true, menu: [{ text: 'menuBlog', for: 'everyone' }] },
  blogPost: { pattern: '/blog/:id', page: 'blog-post', serverRendered: true },
  formerServices: { pattern: '/former_services', page: 'former-services', serverRendered: true, menu: [{ text: 'menuFormerServices', for: 'known' }] },
  login: { pattern: '/login', page: 'login', menu: [{ text: 'menuLogin', for: 'signedOut' }] },
  clients: { pattern: '/clients', page: 'clients', staff: true, menu: [{ text: 'menuClients', for: 'signedIn' }] },
  followUps: { pattern: '/follow-ups', page: 'follow-ups', staff: true },
  dashboard: { pattern: '/dashboard', page: 'dashboard', staff: true, menu: [{ text: 'menuDashboard', for: 'signedIn' }] },
  manage: { pattern: '/manage', page: 'manage', staff: true, menu: [{ text: 'menuManage', for: 'managers' }] },
} as const satisfies Readonly<Record<string, RouteDeclaration>>;

/** The link of each route above: a path, or a builder such as `paths.service(id)`. */
export const paths = hrefsOf(routes);

const segment = encodeURIComponent;

/** Every API path the app calls (DESIGN §4). */
export const apiPaths = {
  auth: '/api/auth',
  logout: '/api/auth/logout',
  deviceKey: '/api/auth/device-key',
  services: '/api/services',
  service: (key: string) => `/api/services/${segment(key)}`,
  blog: '/api/content/blog',
  blogPost: (id: string) => `/api/content/blog/${segment(id)}`,
  blogImage: (id: string, size: ImageSize) => `/api/content/blog/${segment(id)}/image?size=${size}`,
  features: '/api/content/feature',
  featureImage: (id: string, size: ImageSize) => `/api/content/feature/${segment(id)}/image?size=${size}`,
  enrolments: '/api/enrolments',
  site: '/api/site',
  team: '/api/content/team',
  formerServices: '/api/content/former-services',
  translations: (language: string) => `/api/content/translations/${segment(language)}`,
} as const;
