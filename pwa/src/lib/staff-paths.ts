/**
 * The staff side's routes and API paths (DESIGN §4b), apart from `paths.ts` so a visitor's first
 * download carries none of them (decision 060): only staff screens, loaded after sign-in, import
 * this module.
 */
export const staffPaths = {
  client: (id: string) => `/client/${encodeURIComponent(id)}`,
  whanauList: '/whanau',
  newWhanau: '/whanau/new',
  whanau: (id: string) => `/whanau/${encodeURIComponent(id)}`,
  whanauContact: (id: string) => `/whanau/${encodeURIComponent(id)}/contact`,
  manageBlog: (id: string) => `/manage/blog/${encodeURIComponent(id)}`,
  manageUser: (id: string) => `/manage/users/${encodeURIComponent(id)}`,
  manageAudit: '/manage/audit',
  manageRetention: '/manage/retention',
  manageDuplicates: '/manage/duplicates',
  manageImport: '/manage/import',
  manageFeature: (id: string) => `/manage/features/${encodeURIComponent(id)}`,
  manageLog: (id: string) => `/manage/logs/${encodeURIComponent(id)}`,
  manageTeReo: '/manage/te-reo',
  manageSite: '/manage/site',
  manageTeam: '/manage/team',
  manageFormerServices: '/manage/former-services',
  manageServiceTexts: (key: string) => `/manage/services/${encodeURIComponent(key)}`,
  manageAbout: '/manage/about',
  managePrivacy: '/manage/privacy',
  manageOutputs: '/manage/outputs',
  reports: '/reports',
} as const;

/** Route patterns of the staff routes, for the lazily loaded table of `app/staff-routes.tsx`. */
export const staffRoutePatterns = {
  clients: '/clients',
  client: '/client/:id',
  whanauList: '/whanau',
  newWhanau: '/whanau/new',
  whanau: '/whanau/:id',
  whanauContact: '/whanau/:id/contact',
  followUps: '/follow-ups',
  dashboard: '/dashboard',
  manage: '/manage',
  manageBlog: '/manage/blog/:id',
  manageUser: '/manage/users/:id',
  manageAudit: '/manage/audit',
  manageRetention: '/manage/retention',
  manageDuplicates: '/manage/duplicates',
  manageImport: '/manage/import',
  manageFeature: '/manage/features/:id',
  manageLog: '/manage/logs/:id',
  manageTeReo: '/manage/te-reo',
  manageSite: '/manage/site',
  manageTeam: '/manage/team',
  manageFormerServices: '/manage/former-services',
  manageServiceTexts: '/manage/services/:key',
  manageAbout: '/manage/about',
  managePrivacy: '/manage/privacy',
  manageOutputs: '/manage/outputs',
  reports: '/reports',
} as const;

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
