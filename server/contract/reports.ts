import { z } from 'zod';
import { requiredText } from './common';
import { issueCode } from './errors';
import { blankToAbsent, serviceKeys } from './enrolments';
import { calendarDate, contactKinds, goalAreas } from './whanau';

/**
 * Reports for funders, service outputs and the home page's impact counters (DESIGN §4d, issue
 * 23). Shared by the server and the app: no Node-only imports here.
 */

/* ---------- service outputs ---------- */

export const outputLimits = { nameMax: 100, unitMax: 32, perServiceMax: 50 } as const;

/**
 * What a service delivers (a kai parcel, an hour of music therapy, a raised garden…), defined by
 * a manager. A contact's output `kind` is an output's `_id`. Once used it is retired, not deleted:
 * retired outputs are no longer offered, but the contacts that name them still count.
 */
export type ServiceOutput = {
  _id: string;
  serviceKey: string;
  name: string;
  nameMi: string;
  unit: string | null;
  hasValue: boolean;
  order: number;
  retired: boolean;
  /** Contacts that recorded it: an output that is used can only be retired. */
  used: boolean;
};

const unitField = z.preprocess(blankToAbsent, requiredText('Unit', outputLimits.unitMax).nullable().optional());

export const CreateServiceOutputSchema = z.object({
  name: requiredText('Name', outputLimits.nameMax),
  nameMi: requiredText('Te reo Māori name', outputLimits.nameMax),
  unit: unitField,
  hasValue: z.boolean({ error: 'Has a dollar value must be true or false' }).default(false),
  order: z.number({ error: 'Order must be a number' }).int({ error: 'Order must be a whole number' }).min(0, { error: 'Order cannot be negative' }).optional(),
});
export type CreateServiceOutputInput = z.infer<typeof CreateServiceOutputSchema>;

export const UpdateServiceOutputSchema = z
  .object({
    name: CreateServiceOutputSchema.shape.name.optional(),
    nameMi: CreateServiceOutputSchema.shape.nameMi.optional(),
    unit: unitField,
    hasValue: z.boolean({ error: 'Has a dollar value must be true or false' }).optional(),
    order: CreateServiceOutputSchema.shape.order,
    retired: z.boolean({ error: 'Retired must be true or false' }).optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { error: 'Change at least one field' });
export type UpdateServiceOutputInput = z.infer<typeof UpdateServiceOutputSchema>;

export const ServiceOutputsQuerySchema = z.object({
  /** `all`: retired ones too (the manage screen); by default only those offered on a contact. */
  include: z.preprocess(blankToAbsent, z.enum(['offered', 'all'], { error: 'Include must be offered or all' }).default('offered')),
});

/* ---------- reports ---------- */

export const reportLimits = {
  /** The longest period one report covers. */
  maxDays: 366 * 3,
  /** Counts below this show as "<5" in an export (small-cell suppression). */
  suppressBelow: 5,
} as const;

export const reportTables = ['enrolments', 'served', 'contacts', 'goals', 'outputs'] as const;
export type ReportTableName = (typeof reportTables)[number];

const servicesList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z.string().refine((key) => serviceKeys.includes(key), { error: 'No service has that key' }),
      { error: 'Services must be keys separated by commas' },
    )
    .optional(),
);

/**
 * `GET /api/reports?from=&to=&services=a,b&scope=mine`: New Zealand dates, both inclusive.
 * Without `services`, every service the caller may report on. `scope=mine` (any staff): the
 * caller's own services only; without it, managers only.
 */
export const ReportQuerySchema = z
  .object({
    from: calendarDate('From'),
    to: calendarDate('To'),
    services: servicesList,
    scope: z.preprocess(blankToAbsent, z.enum(['all', 'mine'], { error: 'Scope must be all or mine' }).default('all')),
  })
  .superRefine((query, context) => {
    if (query.to < query.from) context.addIssue({ code: 'custom', message: 'To must be on or after From', path: ['to'] });
    else if (daysBetween(query.from, query.to) + 1 > reportLimits.maxDays) {
      context.addIssue({ code: 'custom', message: `A report covers at most ${reportLimits.maxDays} days`, path: ['to'] });
    }
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** The last day of a month (`month` from 1). */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The problems that keep a period from being whole, as an export must be (decision 116): a
 * calendar month, a quarter (January, April, July or October to the end of its third month) or a
 * calendar year, from its first day to its last. Two exports of whole periods never differ by a day.
 */
export function wholePeriodProblems(from: string, to: string): { param: 'from' | 'to'; message: string }[] {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const problems: { param: 'from' | 'to'; message: string }[] = [];
  if (fromDay !== 1) problems.push({ param: 'from', message: 'An export starts on the first day of a month' });
  if (toDay !== lastDayOf(toYear, toMonth)) problems.push({ param: 'to', message: 'An export ends on the last day of a month' });
  if (problems.length > 0) return problems;
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
  const whole = months === 1 || (months === 3 && fromMonth % 3 === 1) || (months === 12 && fromMonth === 1);
  return whole ? [] : [{ param: 'to', message: 'An export covers a whole month, quarter or year' }];
}

/** `GET /api/reports/{table}.csv`: a report's query, for a whole period only (decision 116). */
export const ReportExportQuerySchema = ReportQuerySchema.superRefine((query, context) => {
  if (query.to < query.from) return;
  for (const problem of wholePeriodProblems(query.from, query.to)) {
    context.addIssue({ code: 'custom', message: problem.message, path: [problem.param], params: issueCode('invalid_value') });
  }
});

export const ReportTableParamsSchema = z.object({
  table: z.enum(reportTables, { error: `Table must be one of: ${reportTables.join(', ')}` }),
});

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same dates a year earlier (29 February becomes the 28th). */
export function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year - 1, month - 1, day));
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/**
 * One row of a report table: `key` names it (a service key, a contact kind, a goal area, an
 * output id, `whanau`/`people`, or `total`), `values` the figures of the period by measure and
 * `lastYear` those of the same period a year earlier.
 */
export type ReportRow = { key: string; values: Record<string, number>; lastYear: Record<string, number> };

/**
 * A table: its measures in column order, and for each the count that guards it in an export
 * (a count below 5 hides the measures it guards: hours with their contacts, quantities with the
 * contacts that delivered them).
 */
export type ReportTable = { name: ReportTableName; measures: string[]; guards: Record<string, string>; rows: ReportRow[] };

export const reportMeasures = {
  enrolments: ['received', 'accepted'],
  served: ['served'],
  contacts: ['contacts', 'hours'],
  goals: ['set', 'achieved'],
  outputs: ['contacts', 'quantity', 'value'],
} as const satisfies Record<ReportTableName, readonly string[]>;

export type Report = {
  from: string;
  to: string;
  lastYear: { from: string; to: string };
  services: string[];
  tables: Record<ReportTableName, ReportTable>;
  /** The outputs named in the `outputs` table, for their names and units. */
  outputs: ServiceOutput[];
  generatedAt: string;
};

/** Row keys of the fixed tables, in the order they show. */
export const reportRowKeys = {
  served: ['whanau', 'people'],
  contacts: [...contactKinds, 'total'],
  goals: [...goalAreas, 'total'],
} as const;

/* ---------- impact counters ---------- */

/**
 * The home page's counters (spec §9) in their order, with the trust's recorded figures as the
 * base. Labels live with the app's words (spec.ts); the keys are the same.
 */
export const impactCounters = [
  { key: 'counterKaiParcels', base: 4531 },
  { key: 'counterKaiKg', base: 27186 },
  { key: 'counterWhanauAssistance', base: 2763 },
  { key: 'counterYouth', base: 723 },
  { key: 'counterRangatahiEvents', base: 1189 },
  { key: 'counterKaiValue', base: 294515 },
  { key: 'counterMusicHours', base: 1375 },
  { key: 'counterMaaraKai', base: 83 },
] as const;
export type ImpactCounterKey = (typeof impactCounters)[number]['key'];
export const impactCounterKeys: readonly string[] = impactCounters.map((counter) => counter.key);

export const counterMeasures = ['quantity', 'value'] as const;
export type CounterMeasure = (typeof counterMeasures)[number];

/** `GET /api/counters` (anyone): each counter's figure, base + what is recorded. Nothing personal. */
export type PublicCounter = { key: string; value: number };

/** `GET /api/counters/settings` (managers): what each counter adds to its base. */
export type CounterSetting = {
  key: string;
  base: number;
  outputId: string | null;
  measure: CounterMeasure;
  since: string | null;
  /** What is recorded so far under this setting (0 without an output). */
  recorded: number;
  value: number;
};

export const CounterParamsSchema = z.object({
  key: z.string().refine((key) => impactCounterKeys.includes(key), { error: 'No counter has that key' }),
});

/** An empty text clears a field, as `null` does. */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** `PATCH /api/counters/{key}`: an output (or null for the base alone), what to add of it, and from which date. */
export const UpdateCounterSchema = z
  .object({
    outputId: z.preprocess(emptyToNull, z.uuid({ error: 'Output must be an output id' }).nullable().optional()),
    measure: z.enum(counterMeasures, { error: 'Measure must be quantity or value' }).optional(),
    since: z.preprocess(emptyToNull, calendarDate('Since').nullable().optional()),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { error: 'Change at least one field' });
export type UpdateCounterInput = z.infer<typeof UpdateCounterSchema>;

/* ---------- New Zealand days ---------- */

// In their own module so the case-work schemas (whanau.ts, which this one imports) can bound dates by them too.
export { nextDay, nzDayStart, nzToday } from './nz-days';
