/**
 * The staff side's routes and API paths (DESIGN §4b), apart from `paths.ts` so a visitor's first
 * download carries none of them (decision 060): only staff screens, loaded after sign-in, and
 * signing in and out (`lib/auth/session.ts`) import this module.
 */
import { routes } from './paths';
import { matcherOf } from './route-match';
import { hrefsOf, type NamesOf, type RouteDeclaration } from './route-table';

/**
 * The staff routes of the spec (§2) the first page's code never names, each once (decision 132),
 * as in `routes` of `paths.ts`; every one is behind the login guard (`app/staff-routes.tsx`).
 */
export const staffRoutes = {
  client: { pattern: '/client/:id', staff: true },
  whanauList: { pattern: '/whanau', staff: true },
  newWhanau: { pattern: '/whanau/new', staff: true },
  whanau: { pattern: '/whanau/:id', staff: true },
  whanauContact: { pattern: '/whanau/:id/contact', staff: true },
  manageBlog: { pattern: '/manage/blog/:id', staff: true },
  manageUser: { pattern: '/manage/users/:id', staff: true },
  manageAudit: { pattern: '/manage/audit', staff: true },
  manageRetention: { pattern: '/manage/retention', staff: true },
  manageDuplicates: { pattern: '/manage/duplicates', staff: true },
  manageImport: { pattern: '/manage/import', staff: true },
  manageFeature: { pattern: '/manage/features/:id', staff: true },
  manageLog: { pattern: '/manage/logs/:id', staff: true },
  manageTeReo: { pattern: '/manage/te-reo', staff: true },
  manageSite: { pattern: '/manage/site', staff: true },
  manageTeam: { pattern: '/manage/team', staff: true },
  manageFormerServices: { pattern: '/manage/former-services', staff: true },
  manageServiceTexts: { pattern: '/manage/services/:key', staff: true },
  manageAbout: { pattern: '/manage/about', staff: true },
  managePrivacy: { pattern: '/manage/privacy', staff: true },
  manageOutputs: { pattern: '/manage/outputs', staff: true },
  reports: { pattern: '/reports', staff: true },
} as const satisfies Readonly<Record<string, RouteDeclaration & { staff: true }>>;

/** The link of each staff route above, e.g. `staffPaths.client(id)`. */
export const staffPaths = hrefsOf(staffRoutes);

/** Every route of the app, both tables: what the server's renderer and the tests read. */
export const everyRoute = { ...routes, ...staffRoutes };

const staffEntries = Object.values<RouteDeclaration>(everyRoute).filter((route) => route.staff);

/** The pattern of every staff route, in both tables, by name (the staff route table renders each behind the guard). */
export const staffRoutePatterns = Object.fromEntries(
  Object.entries<RouteDeclaration>(everyRoute).flatMap(([name, route]) => (route.staff ? [[name, route.pattern]] : [])),
) as { readonly [K in NamesOf<typeof everyRoute, true>]: (typeof everyRoute)[K]['pattern'] };

const staffPathPattern = matcherOf(staffEntries.map((route) => route.pattern));

/** A path of a staff route, behind the login guard: signing out there leaves the page first. */
export function isProtectedPath(pathname: string): boolean {
  return staffPathPattern.test(pathname);
}

const segment = encodeURIComponent;

/** Every staff API path the app calls. */
export const staffApiPaths = {
  feature: (id: string) => `/api/content/feature/${segment(id)}`,
  managedBlogPosts: '/api/content/manage/blog',
  managedBlogPost: (id: string) => `/api/content/manage/blog/${segment(id)}`,
  managedFeatures: '/api/content/manage/feature',
  managedFeature: (id: string) => `/api/content/manage/feature/${segment(id)}`,
  revisions: (kind: 'blog' | 'feature', id: string) => `/api/content/${kind}/${segment(id)}/revisions`,
  restoreRevision: (kind: 'blog' | 'feature', id: string, revisionId: string) => `/api/content/${kind}/${segment(id)}/revisions/${segment(revisionId)}/restore`,
  enrolment: (id: string) => `/api/enrolments/${segment(id)}`,
  clients: '/api/clients',
  client: (id: string) => `/api/clients/${segment(id)}`,
  clientNotes: (id: string) => `/api/clients/${segment(id)}/notes`,
  clientDuplicates: (id: string) => `/api/clients/${segment(id)}/duplicates`,
  duplicates: '/api/duplicates',
  duplicatesNotSame: '/api/duplicates/not-same',
  clientMerge: (keptId: string) => `/api/clients/${segment(keptId)}/merge`,
  mergeUndo: (id: string) => `/api/merges/${segment(id)}/undo`,
  imports: '/api/imports',
  importMapping: (id: string) => `/api/imports/${segment(id)}/mapping`,
  importConfirm: (id: string) => `/api/imports/${segment(id)}/confirm`,
  importUndo: (id: string) => `/api/imports/${segment(id)}/undo`,
  enrolmentDuplicates: (enrolmentId: string) => `/api/clients/duplicates?enrolment=${segment(enrolmentId)}`,
  clientAudit: (id: string) => `/api/clients/${segment(id)}/audit`,
  clientHistory: (id: string) => `/api/clients/${segment(id)}/history`,
  followUps: '/api/follow-ups',
  clientExport: (id: string, format: 'json' | 'csv') => `/api/clients/${segment(id)}/export?format=${format}`,
  clientsCaseload: '/api/clients/caseload',
  whanauList: '/api/whanau',
  whanau: (id: string) => `/api/whanau/${segment(id)}`,
  whanauCaseload: '/api/whanau/caseload',
  whanauInvites: (id: string) => `/api/whanau/${segment(id)}/invites`,
  whanauDevices: (id: string) => `/api/whanau/${segment(id)}/devices`,
  whanauDeviceUnlink: (id: string, deviceId: string) => `/api/whanau/${segment(id)}/devices/${segment(deviceId)}/unlink`,
  whanauShares: (id: string) => `/api/whanau/${segment(id)}/shares`,
  whanauVoice: (id: string) => `/api/whanau/${segment(id)}/voice`,
  whanauDetailChanges: (id: string) => `/api/whanau/${segment(id)}/detail-changes`,
  whanauDetailChangeAnswer: (id: string, changeId: string) => `/api/whanau/${segment(id)}/detail-changes/${segment(changeId)}/answer`,
  privacyRequests: '/api/privacy-requests',
  privacyRequestAnswer: (id: string) => `/api/privacy-requests/${segment(id)}/answer`,
  clientsRetention: '/api/clients/retention',
  clientArchive: (id: string) => `/api/clients/${segment(id)}/archive`,
  clientErase: (id: string) => `/api/clients/${segment(id)}/erase`,
  clientErasureReview: (id: string) => `/api/clients/${segment(id)}/erasure-review`,
  sync: '/api/sync',
  dashboard: '/api/dashboard',
  users: '/api/users',
  user: (id: string) => `/api/users/${segment(id)}`,
  userAudit: (id: string) => `/api/users/${segment(id)}/audit`,
  audit: '/api/audit',
  auditExport: '/api/audit/export',
  logs: '/api/logs',
  log: (id: string) => `/api/logs/${segment(id)}`,
  teamMember: (id: string) => `/api/content/team/${segment(id)}`,
  formerService: (id: string) => `/api/content/former-services/${segment(id)}`,
  serviceTexts: (key: string) => `/api/services/${segment(key)}/texts`,
  reports: '/api/reports',
  reportCsv: (table: string) => `/api/reports/${segment(table)}.csv`,
  reportCard: '/api/reports/card',
  reportCardXlsx: '/api/reports/card.xlsx',
  serviceOutputs: (serviceKey: string) => `/api/services/${segment(serviceKey)}/outputs`,
  serviceStaff: (serviceKey: string) => `/api/services/${segment(serviceKey)}/staff`,
  serviceOutput: (serviceKey: string, id: string) => `/api/services/${segment(serviceKey)}/outputs/${segment(id)}`,
  counterSettings: '/api/counters/settings',
  counter: (key: string) => `/api/counters/${segment(key)}`,
  translation: (language: string, key: string) => `/api/content/translations/${segment(language)}/${segment(key)}`,
} as const;

/** `?a=1&b=x` from the defined, non-empty values of a query; '' when there are none. */
export function queryString(query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
