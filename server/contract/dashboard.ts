import type { EnrolmentStatus } from './enrolments';

/** `GET /api/dashboard`: counts of what the caller may see (a kaimahi: their services and clients). */
export type Dashboard = {
  /** Enrolments waiting with status `new`: the number on the side menu. */
  newEnrolments: number;
  /** Enrolments received in the last 7 days, whatever their status. */
  receivedLast7Days: number;
  /** Every service the caller may see, in catalogue order, with a count per status (zeros included). */
  byService: { serviceKey: string; serviceTitle: string; total: number; byStatus: Record<EnrolmentStatus, number> }[];
  /** Enrolments received per week, oldest first: 12 weeks of 7 days, the last ending now. */
  weekly: { weekStart: string; count: number }[];
  /** Client records the caller may see. */
  clients: number;
  /** Case notes written in the last 7 days on those clients. */
  notesLast7Days: number;
  /** Managers only: Privacy Act requests from the whānau app still open, and how many of those are past their due date (issue 34). */
  privacyRequests?: { open: number; overdue: number };
  generatedAt: string;
};
