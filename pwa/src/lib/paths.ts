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
  clients: '/clients',
  client: (id: string) => `/client/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  manage: '/manage',
  manageBlog: (id: string) => `/manage/blog/${encodeURIComponent(id)}`,
  manageUser: (id: string) => `/manage/users/${encodeURIComponent(id)}`,
  manageFeature: (id: string) => `/manage/features/${encodeURIComponent(id)}`,
  manageLog: (id: string) => `/manage/logs/${encodeURIComponent(id)}`,
  manageTeReo: '/manage/te-reo',
  manageSite: '/manage/site',
  manageTeam: '/manage/team',
  manageFormerServices: '/manage/former-services',
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
  clients: '/clients',
  client: '/client/:id',
  dashboard: '/dashboard',
  manage: '/manage',
  manageBlog: '/manage/blog/:id',
  manageUser: '/manage/users/:id',
  manageFeature: '/manage/features/:id',
  manageLog: '/manage/logs/:id',
  manageTeReo: '/manage/te-reo',
  manageSite: '/manage/site',
  manageTeam: '/manage/team',
  manageFormerServices: '/manage/former-services',
} as const;

const segment = encodeURIComponent;

/** Every API path the app calls (DESIGN §4). */
export const apiPaths = {
  auth: '/api/auth',
  logout: '/api/auth/logout',
  services: '/api/services',
  service: (key: string) => `/api/services/${segment(key)}`,
  blog: '/api/content/blog',
  blogPost: (id: string) => `/api/content/blog/${segment(id)}`,
  blogImage: (id: string, size: ImageSize) => `/api/content/blog/${segment(id)}/image?size=${size}`,
  features: '/api/content/feature',
  feature: (id: string) => `/api/content/feature/${segment(id)}`,
  featureImage: (id: string, size: ImageSize) => `/api/content/feature/${segment(id)}/image?size=${size}`,
  enrolments: '/api/enrolments',
  enrolment: (id: string) => `/api/enrolments/${segment(id)}`,
  clients: '/api/clients',
  client: (id: string) => `/api/clients/${segment(id)}`,
  clientNotes: (id: string) => `/api/clients/${segment(id)}/notes`,
  clientDuplicates: (id: string) => `/api/clients/${segment(id)}/duplicates`,
  enrolmentDuplicates: (enrolmentId: string) => `/api/clients/duplicates?enrolment=${segment(enrolmentId)}`,
  clientAudit: (id: string) => `/api/clients/${segment(id)}/audit`,
  clientExport: (id: string, format: 'json' | 'csv') => `/api/clients/${segment(id)}/export?format=${format}`,
  clientsCaseload: '/api/clients/caseload',
  sync: '/api/sync',
  dashboard: '/api/dashboard',
  users: '/api/users',
  user: (id: string) => `/api/users/${segment(id)}`,
  logs: '/api/logs',
  log: (id: string) => `/api/logs/${segment(id)}`,
  site: '/api/site',
  team: '/api/content/team',
  teamMember: (id: string) => `/api/content/team/${segment(id)}`,
  formerServices: '/api/content/former-services',
  formerService: (id: string) => `/api/content/former-services/${segment(id)}`,
  translations: (language: string) => `/api/content/translations/${segment(language)}`,
  translation: (language: string, key: string) => `/api/content/translations/${segment(language)}/${segment(key)}`,
} as const;

/** `?a=1&b=x` from the defined, non-empty values of a query; '' when there are none. */
export function queryString(query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Staff routes behind the login guard (spec §2). */
export function isProtectedPath(pathname: string): boolean {
  return /^\/(clients|dashboard|manage)(\/|$)|^\/client\//.test(pathname);
}
