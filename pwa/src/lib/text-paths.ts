/**
 * The API paths of the public texts only lazily loaded pages read (About, the enrolment form's
 * privacy statement): apart from `paths.ts` so the first download does not carry them (decision 060).
 */
export const textApiPaths = {
  about: '/api/content/about',
  privacy: '/api/content/privacy',
} as const;
