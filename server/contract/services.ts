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
