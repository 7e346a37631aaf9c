import type { ImageSize } from '@contract/limits';
import { hrefsOf, type RouteDeclaration } from './route-table';

/**
 * The routes of the spec (§2) that the first page's code needs to know: every public page, sign-in,
 * and the staff routes the shell links to (the menu, sign-in's landing). Each once (decision 132),
 * by its name: its pattern, its page (`src/routes/<name in kebab-case>.tsx`), staff or not, left
 * to the shell or rendered by the server, the stylesheets a rendered page needs beyond its page's,
 * and who sees its menu entry. The other staff routes are in `staff-paths.ts`, apart, so a
 * visitor's first download carries none of them (decision 060). In the menu's order.
 */
export const routes = {
  home: { pattern: '/', styles: ['routes/home-below-fold', 'features/services/components/service-grid'], menu: 'everyone' },
  team: { pattern: '/team', menu: 'everyone' },
  services: { pattern: '/services', menu: 'everyone' },
  service: { pattern: '/service/:id' },
  contact: { pattern: '/contact', menu: 'everyone' },
  about: { pattern: '/about' },
  enrol: { pattern: '/enrol/:id' },
  blog: { pattern: '/blog', menu: 'everyone' },
  blogPost: { pattern: '/blog/:id' },
  formerServices: { pattern: '/former_services', menu: 'known' },
  login: { pattern: '/login', shell: true, menu: 'signedOut' },
  // A linked whānau phone's own app (issue 34): no sign-in, its own PIN; the QR code's link is a second address of it.
  whanauApp: { pattern: '/whanau-app', shell: true },
  whanauAppLink: { pattern: '/whanau-app/link', shell: true, page: 'whanauApp' },
  clients: { pattern: '/clients', staff: true, menu: 'signedIn' },
  followUps: { pattern: '/follow-ups', staff: true },
  dashboard: { pattern: '/dashboard', staff: true, menu: 'signedIn' },
  manage: { pattern: '/manage', staff: true, menu: 'managers' },
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
