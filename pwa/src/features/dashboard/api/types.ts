import type { EnrolmentStatus } from '@contract/enrolments';

/* PROVISIONAL until `server/contract/dashboard.ts` lands on the `clients` branch (DESIGN §4b). */
export type DashboardData = {
  newThisWeek: number;
  byServiceStatus: { serviceKey: string; status: EnrolmentStatus; count: number }[];
  weekly: { weekStart: string; count: number }[];
  clients: number;
  notesThisWeek: number;
};
