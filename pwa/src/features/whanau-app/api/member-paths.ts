const segment = encodeURIComponent;

/** The routes a linked phone calls (docs/api.md §3.9c): `/api/whanau-app/...` only, under its own token. */
export const memberApiPaths = {
  link: '/api/whanau-app/link',
  view: '/api/whanau-app',
  deviceKey: '/api/whanau-app/device-key',
  unlink: '/api/whanau-app/unlink',
  pinFailed: '/api/whanau-app/pin-failed',
  sync: '/api/whanau-app/sync',
  calendar: (stepId: string) => `/api/whanau-app/steps/${segment(stepId)}/calendar.ics`,
} as const;
