/**
 * The report card (DESIGN §4d, issue 35): Results-Based Accountability's three questions per
 * service and period, beside the same period a year earlier, with a trend of the last four
 * quarters. Shared by the server and the app: no Node-only imports here.
 */

/** An enrolment counts as contacted in time when its first contact is at most this many working days after it arrived. */
export const firstContactWorkingDays = 5;

/** A whānau has a plan in time when its first goal of the service was written within this many days of its first contact. */
export const planWithinDays = 30;

/** A percentage over fewer than this many (whānau, enrolments, follow-ups, goals) is hidden: "S" in an export and on a kaimahi's screen. */
export const shareSuppressBelow = 5;

/**
 * The seven Whānau Ora outcomes "How are we going?" rates from 1 to 5 (DESIGN §4e): whānau are
 * self-managing; living healthy lifestyles; participating fully in society; confidently
 * participating in te ao Māori; economically secure; cohesive, resilient and nurturing;
 * responsible stewards of their environment. Here, without zod, for the report card's words.
 */
export const whanauOraOutcomes = [
  'selfManaging',
  'healthyLifestyles',
  'participatingInSociety',
  'teAoMaori',
  'economicallySecure',
  'cohesiveResilientNurturing',
  'stewardsOfEnvironment',
] as const;
export type WhanauOraOutcome = (typeof whanauOraOutcomes)[number];

/**
 * Every figure of the card for one service (or `total`) in one period.
 *
 * - How much: `whanau` and `people` served (at a contact), `contacts` and their `minutes`.
 * - How well: enrolments `received`, those first contacted within `firstContactWorkingDays`
 *   working days (`contactedInTime`), those `contacted` at all since, and the median working days
 *   to a first contact (null when none was); follow-ups due in the period up to today
 *   (`followUpsDue`) and those done by their due date (`followUpsOnTime`); whānau whose first
 *   contact under the service fell in the period (`whanauStarted`) and those of them with a goal
 *   of the service written within `planWithinDays` days of it (`whanauWithPlan`).
 * - Better off: whānau served with two or more ratings by the period's end (`whanauRated`), those
 *   whose latest rating is higher than their first on at least one outcome (`whanauRose`); goals
 *   whose target date is in the period (`goalsDue`) and those of them achieved (`goalsAchieved`).
 */
export type CardFigures = {
  whanau: number;
  people: number;
  contacts: number;
  minutes: number;
  received: number;
  contactedInTime: number;
  contacted: number;
  medianWorkingDays: number | null;
  followUpsDue: number;
  followUpsOnTime: number;
  whanauStarted: number;
  whanauWithPlan: number;
  whanauRated: number;
  whanauRose: number;
  goalsDue: number;
  goalsAchieved: number;
};

export type CardRow = { key: string; values: CardFigures; lastYear: CardFigures };

/** Of the rated whānau (the total row's `whanauRated`), how many rose, stayed and fell on one outcome, first rating to latest. */
export type OutcomeChange = { key: WhanauOraOutcome; rose: number; stayed: number; fell: number };

export type GoalAreaRow = { key: string; values: { due: number; achieved: number }; lastYear: { due: number; achieved: number } };

/** One of the last four calendar quarters (the last is the quarter holding the period's end): the services' total figures. */
export type TrendQuarter = { label: string; from: string; to: string; values: CardFigures };

export type ReportCard = {
  from: string;
  to: string;
  lastYear: { from: string; to: string };
  services: string[];
  /** Each service's figures, then `total` (each whānau, person and follow-up once). */
  rows: CardRow[];
  outcomes: OutcomeChange[];
  goalAreas: GoalAreaRow[];
  trend: TrendQuarter[];
  generatedAt: string;
};

/** The headline figures drawn as a trend and listed first, each a count or a share of one. */
export const cardHeadlines = [
  { key: 'people', count: 'people' },
  { key: 'contacts', count: 'contacts' },
  { key: 'contactedInTime', count: 'contactedInTime', of: 'received' },
  { key: 'followUpsOnTime', count: 'followUpsOnTime', of: 'followUpsDue' },
  { key: 'whanauWithPlan', count: 'whanauWithPlan', of: 'whanauStarted' },
  { key: 'whanauRose', count: 'whanauRose', of: 'whanauRated' },
  { key: 'goalsAchieved', count: 'goalsAchieved', of: 'goalsDue' },
] as const satisfies readonly { key: string; count: keyof CardFigures; of?: keyof CardFigures }[];

/**
 * A share as a whole percentage, or what hides it: null when there is nothing to share of, 'S'
 * when `hideSmall` and fewer than `shareSuppressBelow` are shared of (an export, a kaimahi's
 * screen). Managers' screens show exact figures.
 */
export function cardShare(count: number, of: number, hideSmall: boolean): number | 'S' | null {
  if (of === 0) return null;
  if (hideSmall && of < shareSuppressBelow) return 'S';
  return Math.round((count / of) * 100);
}

/** A calendar quarter's label, first day and last: `2026 Q2`, 2026-04-01, 2026-06-30. */
export function quarterOf(date: string): { label: string; from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const lastDay = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { label: `${year} Q${(first + 2) / 3}`, from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(lastDay)}` };
}

/** The four calendar quarters up to and including the one holding `date`, oldest first. */
export function lastFourQuarters(date: string): { label: string; from: string; to: string }[] {
  const quarters = [quarterOf(date)];
  while (quarters.length < 4) {
    const [year, month] = quarters[0]!.from.split('-').map(Number) as [number, number];
    const before = month === 1 ? `${year - 1}-10-01` : `${year}-${String(month - 3).padStart(2, '0')}-01`;
    quarters.unshift(quarterOf(before));
  }
  return quarters;
}

/**
 * The card's figures in English, each with the one line that says what it counts: the screen's
 * English catalogue takes them from here, and so does the spreadsheet export, so the two cannot
 * drift. The te reo Māori words are in the Māori catalogue.
 */
export const cardWords = {
  whanau: { name: 'Whānau served', counts: 'Different whānau with a contact in the period.' },
  people: { name: 'People served', counts: 'Different people at a contact in the period: the client visited, or a member present.' },
  contacts: { name: 'Contacts', counts: 'Visits, calls and meetings recorded in the period.' },
  hours: { name: 'Hours', counts: 'The time those contacts took, in hours.' },
  received: { name: 'Enrolments received', counts: 'Enrolments that arrived in the period.' },
  contactedInTime: {
    name: 'First contact within 5 working days',
    counts: 'Of the enrolments received, those first contacted within 5 working days (weekends and public holidays not counted).',
  },
  medianWorkingDays: {
    name: 'Median working days to first contact',
    counts: 'The middle of the working days each contacted enrolment waited for its first contact.',
  },
  followUpsOnTime: { name: 'Follow-ups done on time', counts: 'Of the follow-ups due in the period (up to today), those done by their due date.' },
  whanauWithPlan: {
    name: 'Whānau with a plan within 30 days',
    counts: 'Of the whānau first seen in the period, those with a goal written within 30 days of that first contact.',
  },
  whanauRose: {
    name: 'Whānau better off',
    counts:
      'Of the whānau served who have rated “How are we going?” twice or more, those whose latest rating is higher than their first on at least one outcome.',
  },
  goalsAchieved: { name: 'Goals achieved', counts: 'Of the goals whose target date is in the period, those achieved.' },
} as const;

/** The seven outcomes' names in English (DESIGN §4e). */
export const outcomeWords: Record<WhanauOraOutcome, string> = {
  selfManaging: 'Self-managing',
  healthyLifestyles: 'Living healthy lifestyles',
  participatingInSociety: 'Participating fully in society',
  teAoMaori: 'Confidently participating in te ao Māori',
  economicallySecure: 'Economically secure',
  cohesiveResilientNurturing: 'Cohesive, resilient and nurturing',
  stewardsOfEnvironment: 'Responsible stewards of their environment',
};
