/**
 * The report card (DESIGN §4d, issue 35): Results-Based Accountability's three questions per
 * service and period. This part answers "how well did we do it?" for enrolments; the other
 * figures of the card join it as they are built.
 */

/** An enrolment counts as contacted in time when its first contact is at most this many working days after it arrived. */
export const firstContactWorkingDays = 5;

/**
 * "How well" for one service (or `total`) in one period: enrolments received, those first
 * contacted within `firstContactWorkingDays` working days, those contacted at all since, and the
 * median working days from arrival to first contact (null when none was contacted); follow-ups
 * due in the period up to today, and those done by their due date.
 */
export type HowWellFigures = {
  received: number;
  contactedInTime: number;
  contacted: number;
  medianWorkingDays: number | null;
  followUpsDue: number;
  followUpsOnTime: number;
};

export type HowWellRow = { key: string; values: HowWellFigures; lastYear: HowWellFigures };

export type ReportCard = {
  from: string;
  to: string;
  lastYear: { from: string; to: string };
  services: string[];
  howWell: HowWellRow[];
  generatedAt: string;
};
