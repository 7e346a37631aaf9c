/**
 * The trust's details as fields, with no zod: the app's first download reads them (the footer's
 * and nav bar's details, the DONATE link) and must not carry the schemas (decision 060).
 * `site.ts` builds the schemas from these and re-exports them.
 */

/** The fields of the site settings, in the order the settings form shows them. */
export const siteFields = ['name', 'phone', 'email', 'address', 'postalAddress', 'charityNumber', 'donateUrl', 'socialUrl', 'privacyOfficer', 'hours'] as const;
export type SiteField = (typeof siteFields)[number];

/** The trust's details as `GET /api/site` answers them: null where nothing has been set. */
export type Site = Record<SiteField, string | null>;
