import type { ImageSize } from '@contract/limits';

/** Every route of the app (spec §2), so links never spell a path by hand. */
export const paths = {
  home: '/',
  team: '/team',
  services: '/services',
  service: (id: string) => `/service/${encodeURIComponent(id)}`,
  contact: '/contact',
  login: '/login',
  about: '/about',
  enrol: (key: string) => `/enrol/${encodeURIComponent(key)}`,
  blog: '/blog',
  blogPost: (id: string) => `/blog/${encodeURIComponent(id)}`,
  formerServices: '/former_services',
  whanauApp: '/whanau-app',
  whanauAppLink: '/whanau-app/link',
  clients: '/clients',
  followUps: '/follow-ups',
  dashboard: '/dashboard',
  manage: '/manage',
} as const;

/** Route patterns for the router, in the same order as the spec's route table. */
export const routePatterns = {
  home: '/',
  team: '/team',
  services: '/services',
  service: '/service/:id',
  contact: '/contact',
  login: '/login',
  about: '/about',
  enrol: '/enrol/:id',
  blog: '/blog',
  blogPost: '/blog/:id',
  formerServices: '/former_services',
  whanauApp: '/whanau-app/*',
} as const;

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

/**
 * Staff routes behind the login guard (spec §2): signing out there leaves the page first. Kept as
 * one pattern so the public entry need not load the staff route table; paths.test.ts holds it to
 * every route of that table.
 */
export function isProtectedPath(pathname: string): boolean {
  return /^\/(clients|follow-ups|dashboard|manage|whanau|reports)(\/|$)|^\/client\//.test(pathname);
}
