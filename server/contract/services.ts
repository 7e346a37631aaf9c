/** Types and pure helpers only: public pages import this, so it must not pull in zod. */

export const serviceStatuses = ['active', 'live', 'inactive'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

/** One part of a service page. `markUp` means `description` is Markdown rather than plain text. */
export type ServiceSection = { markUp: boolean; title?: string; description?: string; bullets: string[] };

/**
 * A service as the trust's specification names its fields (section 3), `Sections` included.
 * `url` is the detail route, `enrol` the enrolment route; `referralText` is Markdown.
 */
export type ServiceEntry = {
  key: string;
  bg: string;
  title: string;
  status: ServiceStatus;
  statusText: string;
  url: string;
  enrol: string;
  subtitle: string;
  actionText: string;
  formLabel: string;
  icon: string;
  descriptionTitle: string;
  referralText: string;
  description: string[];
  Sections: ServiceSection[];
  extras: string[];
  /** The page's words in te reo Māori where a manager has written them (absent in the built-in catalogue). */
  mi?: ServiceTextsMi;
};

/** A service as the API returns it. */
export type Service = ServiceEntry & { updatedAt: string };

/** Enrolment is open only for these statuses (spec: "active or live"). */
export function isEnrollable(status: string): boolean {
  return status === 'active' || status === 'live';
}

/** What a card or page says when a service cannot take enrolments. */
export function unavailableText(service: Pick<ServiceEntry, 'statusText'>): string {
  return service.statusText.trim() || 'Temporarily unavailable';
}

/** The words of a service page a manager edits (spec §2): everything but its key, routes, icon, category and status. */
export type ServiceTexts = Pick<
  ServiceEntry,
  'title' | 'subtitle' | 'actionText' | 'formLabel' | 'descriptionTitle' | 'referralText' | 'description' | 'Sections' | 'extras'
>;

/** A section's words in te reo Māori, by its place in the English list; its `markUp` is the English one's. */
export type ServiceSectionMi = { title?: string; description?: string; bullets?: string[] };

/**
 * A service page's words in te reo Māori. Any of them may be missing: a Māori page then shows the
 * English one, marked as English (`lang`).
 */
export type ServiceTextsMi = Partial<Omit<ServiceTexts, 'Sections'>> & { Sections?: ServiceSectionMi[] };

/** The editable fields that hold one line or one block of text (the rest are lists). */
export const serviceTextFields = ['title', 'subtitle', 'actionText', 'formLabel', 'descriptionTitle', 'referralText'] as const;
export type ServiceTextField = (typeof serviceTextFields)[number];
