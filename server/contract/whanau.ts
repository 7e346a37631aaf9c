import { z } from 'zod';
import { IdSchema, PageQuerySchema, requiredText } from './common';
import { issueCode } from './errors';
import type { CaseNote } from './clients';
import { blankToAbsent, optional, serviceKeys } from './enrolments';
import { nextDay, nzToday } from './nz-days';

/**
 * Whānau-centred case work (DESIGN §4c): the whānau as the unit, its plan of goals, follow-ups,
 * contacts and corrections of case notes. Shared by the server and the app: no Node-only
 * imports here. Every write is an offline kind of `POST /api/sync` (contract/sync.ts); each
 * kind's payload schema is below, with what its `entityId` names.
 */

export const relationships = ['parent', 'child', 'partner', 'grandparent', 'mokopuna', 'sibling', 'other'] as const;
export type Relationship = (typeof relationships)[number];

export const goalAreas = ['health', 'housing', 'education', 'employment', 'kai', 'income', 'wellbeing', 'culture', 'other'] as const;
export type GoalArea = (typeof goalAreas)[number];

export const goalStatuses = ['not started', 'in progress', 'achieved', 'stopped'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

export const contactKinds = ['home visit', 'phone', 'office', 'marae', 'online', 'other'] as const;
export type ContactKind = (typeof contactKinds)[number];

export const whanauLimits = {
  nameMax: 200,
  notesMax: 2000,
  relationshipTextMax: 100,
  goalTextMax: 1000,
  taskTextMax: 500,
  summaryMax: 10_000,
  reasonMax: 500,
  /** Longest contact: a day. */
  minutesMax: 24 * 60,
  goalIdsMax: 20,
  presentMax: 30,
  outputsMax: 20,
  outputKindMax: 64,
  outputUnitMax: 32,
  /**
   * How many or how much of one output at one contact: a generous day's work (10,000 kg of kai,
   * parcels or hours), not a typo's millions in the public counters (issue 32, decision 113).
   */
  outputQuantityMax: 10_000,
  /** Dollars of one output at one contact. */
  outputValueMax: 100_000,
  /** The earliest date a contact can have: the trust's records start after it. */
  contactOnMin: '2000-01-01',
} as const;

/** A record's id in a payload, lower-cased as the server stores ids. */
const idField = (label: string) =>
  z
    .string({ error: `Give the ${label}` })
    .trim()
    .toLowerCase()
    .pipe(IdSchema);

/** `null` or an empty text clears an optional field in an edit. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable().optional());

/** A calendar date, YYYY-MM-DD (New Zealand dates: the device's day, not UTC's). */
export const calendarDate = (label: string) => z.iso.date({ error: `${label} must be a date like 2026-12-02` });

/**
 * The day a contact happened: from 2000 to tomorrow in New Zealand (a visit written up the
 * evening before, on a device a day ahead), never 9999-12-31 counted into the public figures.
 */
const contactDate = calendarDate('Date').superRefine((date, ctx) => {
  if (date < whanauLimits.contactOnMin) ctx.addIssue({ code: 'custom', message: 'Date cannot be before 2000', params: issueCode('invalid_date') });
  else if (date > nextDay(nzToday())) ctx.addIssue({ code: 'custom', message: 'Date cannot be after tomorrow', params: issueCode('invalid_date') });
});

const serviceKeyField = z.string({ error: 'Service must be a service key' }).refine((key) => serviceKeys.includes(key), { error: 'No service has that key' });

const atLeastOneChange = (changes: Record<string, unknown>) => Object.values(changes).some((value) => value !== undefined);

/* ---------- whānau ---------- */

const whanauFieldSchemas = {
  name: requiredText('Whānau name', whanauLimits.nameMax),
  leadClientId: optional(idField('lead member')),
  notes: optional(requiredText('Notes', whanauLimits.notesMax, { lines: true })),
};

/** `whanau.create`: `entityId` = `_id` = the new whānau's id. The creator sees it until it has members. */
export const WhanauCreatePayloadSchema = z.object(whanauFieldSchemas, { error: 'Payload must be an object' });
export type WhanauCreatePayload = z.infer<typeof WhanauCreatePayloadSchema>;

/** `whanau.update`: `entityId` is the whānau, `baseVersion` required; the changed fields. */
export const WhanauUpdatePayloadSchema = z
  .object(
    {
      name: whanauFieldSchemas.name.optional(),
      leadClientId: clearable(idField('lead member')),
      notes: clearable(requiredText('Notes', whanauLimits.notesMax, { lines: true })),
    },
    { error: 'Payload must be an object' },
  )
  .refine(atLeastOneChange, { error: 'Change at least one field' });
export type WhanauUpdatePayload = z.infer<typeof WhanauUpdatePayloadSchema>;

/* ---------- members ---------- */

/**
 * `member.link`: `entityId` = `_id` = the new membership's id. The client must be one the kaimahi
 * may see; a client is in a whānau once (linking again → rejected, `param: 'payload.clientId'`).
 * `relationshipText` says more ("aunty", "whāngai") and is required when `relationship` is other.
 */
export const MemberLinkPayloadSchema = z
  .object(
    {
      whanauId: idField('whānau'),
      clientId: idField('client'),
      relationship: z.enum(relationships, { error: `Relationship must be one of: ${relationships.join(', ')}` }),
      relationshipText: optional(requiredText('Relationship', whanauLimits.relationshipTextMax)),
    },
    { error: 'Payload must be an object' },
  )
  .refine((member) => member.relationship !== 'other' || member.relationshipText !== undefined, {
    error: 'Say what the relationship is',
    path: ['relationshipText'],
  });
export type MemberLinkPayload = z.infer<typeof MemberLinkPayloadSchema>;

/** `member.unlink`: `entityId` is the membership; the payload names its whānau. The client record stays. */
export const MemberUnlinkPayloadSchema = z.object({ whanauId: idField('whānau') }, { error: 'Payload must be an object' });
export type MemberUnlinkPayload = z.infer<typeof MemberUnlinkPayloadSchema>;

/* ---------- goals ---------- */

/**
 * `goal.create`: `entityId` = `_id` = the new goal's id. `clientId` (a member of the whānau) when
 * the goal is one person's, absent for the whānau's; `serviceKey` is the service it is worked
 * under (one of the kaimahi's own; a manager may name any). Status starts at `not started`.
 */
export const GoalCreatePayloadSchema = z.object(
  {
    whanauId: idField('whānau'),
    clientId: optional(idField('member')),
    area: z.enum(goalAreas, { error: `Area must be one of: ${goalAreas.join(', ')}` }),
    text: requiredText('Goal', whanauLimits.goalTextMax, { lines: true }),
    status: z.enum(goalStatuses, { error: `Status must be one of: ${goalStatuses.join(', ')}` }).default('not started'),
    targetDate: optional(calendarDate('Target date')),
    serviceKey: serviceKeyField,
  },
  { error: 'Payload must be an object' },
);
export type GoalCreatePayload = z.infer<typeof GoalCreatePayloadSchema>;

/** `goal.update`: `entityId` is the goal, `baseVersion` required; the changed fields (field-level clashes). */
export const GoalUpdatePayloadSchema = z
  .object(
    {
      area: GoalCreatePayloadSchema.shape.area.optional(),
      text: GoalCreatePayloadSchema.shape.text.optional(),
      status: z.enum(goalStatuses, { error: `Status must be one of: ${goalStatuses.join(', ')}` }).optional(),
      targetDate: clearable(calendarDate('Target date')),
      clientId: clearable(idField('member')),
    },
    { error: 'Payload must be an object' },
  )
  .refine(atLeastOneChange, { error: 'Change at least one field' });
export type GoalUpdatePayload = z.infer<typeof GoalUpdatePayloadSchema>;

/* ---------- follow-ups (tasks) ---------- */

/**
 * `task.create`: `entityId` = `_id` = the new follow-up's id. About a whānau or a client (at least
 * one), maybe for a goal; assigned to the sender unless `assignedTo` names another active staff
 * account, who must be able to see the whānau or client and work on the follow-up's service: its
 * goal's, else one its whānau's members (or its client) are enrolled in (decision 106;
 * `GET /api/services/{key}/staff` lists them).
 */
export const TaskCreatePayloadSchema = z
  .object(
    {
      whanauId: optional(idField('whānau')),
      clientId: optional(idField('client')),
      goalId: optional(idField('goal')),
      text: requiredText('Follow-up', whanauLimits.taskTextMax, { lines: true }),
      dueOn: calendarDate('Due date'),
      assignedTo: optional(idField('kaimahi')),
    },
    { error: 'Payload must be an object' },
  )
  .refine((task) => task.whanauId !== undefined || task.clientId !== undefined, {
    error: 'Say which whānau or client the follow-up is for',
    path: ['whanauId'],
  });
export type TaskCreatePayload = z.infer<typeof TaskCreatePayloadSchema>;

/**
 * `task.update`: `entityId` is the follow-up, `baseVersion` required. Ticking it done sends
 * `doneAt` (when it was ticked, on the device); `null` opens it again.
 */
export const TaskUpdatePayloadSchema = z
  .object(
    {
      text: TaskCreatePayloadSchema.shape.text.optional(),
      dueOn: calendarDate('Due date').optional(),
      assignedTo: idField('kaimahi').optional(),
      doneAt: clearable(z.iso.datetime({ offset: true, error: 'Done at must be a date and time like 2026-12-02T21:15:00.000Z' })),
    },
    { error: 'Payload must be an object' },
  )
  .refine(atLeastOneChange, { error: 'Change at least one field' });
export type TaskUpdatePayload = z.infer<typeof TaskUpdatePayloadSchema>;

/* ---------- contacts ---------- */

/**
 * A service output delivered at a contact (DESIGN §4d): `kind` is the id of one of the outputs the
 * trust defines for the contact's service (`GET /api/services/{key}/outputs`, contract/reports.ts;
 * the server refuses any other), `quantity` how many or how much, `unit` (kg, hours…) and `value`
 * in dollars when the output has one.
 */
export const ContactOutputSchema = z.object(
  {
    kind: requiredText('Output', whanauLimits.outputKindMax),
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .positive({ error: 'Quantity must be more than 0' })
      .max(whanauLimits.outputQuantityMax, { error: `Quantity must be at most ${whanauLimits.outputQuantityMax}` }),
    unit: optional(requiredText('Unit', whanauLimits.outputUnitMax)),
    value: z.preprocess(
      blankToAbsent,
      z
        .number({ error: 'Value must be a number of dollars' })
        .min(0, { error: 'Value cannot be negative' })
        .max(whanauLimits.outputValueMax, { error: `Value must be at most ${whanauLimits.outputValueMax}` })
        .optional(),
    ),
  },
  { error: 'Each output must be an object' },
);
export type ContactOutput = z.infer<typeof ContactOutputSchema>;

/**
 * `contact.create`: `entityId` = `_id` = the new contact's id. With a client or a whānau (at least
 * one; a client given with a whānau must be a member). `presentClientIds`: the members who were
 * there; `goalIds`: goals of that whānau it served. The `summary` is a case note: never edited,
 * corrected only (its correction is a `note.correct` naming the contact's id).
 */
export const ContactCreatePayloadSchema = z
  .object(
    {
      clientId: optional(idField('client')),
      whanauId: optional(idField('whānau')),
      on: contactDate,
      kind: z.enum(contactKinds, { error: `Kind must be one of: ${contactKinds.join(', ')}` }),
      minutes: z
        .number({ error: 'Minutes must be a number' })
        .int({ error: 'Minutes must be a whole number' })
        .min(0, { error: 'Minutes cannot be negative' })
        .max(whanauLimits.minutesMax, { error: `Minutes must be at most ${whanauLimits.minutesMax}` }),
      serviceKey: serviceKeyField,
      presentClientIds: z.array(idField('member'), { error: 'Who was there must be a list' }).max(whanauLimits.presentMax).default([]),
      goalIds: z.array(idField('goal'), { error: 'Goals must be a list' }).max(whanauLimits.goalIdsMax).default([]),
      outputs: z.array(ContactOutputSchema, { error: 'Outputs must be a list' }).max(whanauLimits.outputsMax).default([]),
      summary: requiredText('Summary', whanauLimits.summaryMax, { lines: true }),
    },
    { error: 'Payload must be an object' },
  )
  .refine((contact) => contact.clientId !== undefined || contact.whanauId !== undefined, {
    error: 'Say which whānau or client the contact was with',
    path: ['clientId'],
  });
export type ContactCreatePayload = z.infer<typeof ContactCreatePayloadSchema>;

/* ---------- corrections ---------- */

/**
 * `note.correct`: `entityId` = `_id` = the correcting note's id. `correctsNoteId` is a case note
 * or a contact (its summary) the sender may see; the original is never changed, both show
 * together, and the audit trail records who corrected what (HIPC rule 7).
 */
export const NoteCorrectPayloadSchema = z.object(
  {
    correctsNoteId: idField('note to correct'),
    text: requiredText('Correction', whanauLimits.summaryMax, { lines: true }),
    reason: requiredText('Reason', whanauLimits.reasonMax),
  },
  { error: 'Payload must be an object' },
);
export type NoteCorrectPayload = z.infer<typeof NoteCorrectPayloadSchema>;

/* ---------- reads ---------- */

export const ListWhanauQuerySchema = PageQuerySchema.extend({ q: optional(requiredText('Search', 200)) });
export type ListWhanauQuery = z.infer<typeof ListWhanauQuerySchema>;

export const FollowUpsQuerySchema = z.object({
  /** `open` (default): not done; `done`: ticked in the last 30 days. */
  state: z.preprocess(blankToAbsent, z.enum(['open', 'done'], { error: 'State must be open or done' }).default('open')),
});

export type WhanauRecord = {
  _id: string;
  name: string;
  leadClientId: string | null;
  /** Null when there are none, or when they belong to another service (`notesHidden`, decision 111). */
  notes: string | null;
  /** True when the whānau has notes written under a service not the caller's: neither shown nor editable. Absent in copies kept before. */
  notesHidden?: boolean;
  version: number;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
  createdBy: string | null;
  updatedAt: string;
};

/**
 * A member as the caller may see them: `client` is null for "another member" (a client the caller
 * may not see: nothing personal, not even the relationship).
 */
export type MemberRecord = {
  _id: string;
  whanauId: string;
  clientId: string | null;
  relationship: Relationship | null;
  relationshipText: string | null;
  client: { _id: string; givenName: string; familyName: string; preferredName: string | null } | null;
};

export type GoalRecord = {
  _id: string;
  whanauId: string;
  clientId: string | null;
  area: GoalArea;
  text: string;
  status: GoalStatus;
  targetDate: string | null;
  serviceKey: string;
  version: number;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
  createdBy: string | null;
  updatedAt: string;
};

export type TaskRecord = {
  _id: string;
  whanauId: string | null;
  clientId: string | null;
  goalId: string | null;
  text: string;
  dueOn: string;
  assignedTo: string;
  assignedToName: string | null;
  doneAt: string | null;
  version: number;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
  createdBy: string | null;
  /** What the follow-up is about, for a list: the whānau's name or the client's name (null when hidden). */
  subjectName: string | null;
};

export type ContactRecord = {
  _id: string;
  clientId: string | null;
  whanauId: string | null;
  on: string;
  kind: ContactKind;
  minutes: number;
  serviceKey: string;
  presentClientIds: string[];
  goalIds: string[];
  outputs: ContactOutput[];
  summary: string;
  authorId: string;
  authorName: string;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
};

/** A correction of a case note or a contact's summary, shown with the original. */
export type NoteCorrection = {
  _id: string;
  correctsNoteId: string;
  text: string;
  reason: string;
  authorId: string;
  authorName: string;
  createdAt: string;
  /** When it was written on the device (DESIGN §6); `createdAt` is when the server received it. Absent in a device copy made before. */
  writtenAt?: string;
};

/**
 * `GET /api/whanau/{id}`: the whānau as the caller may see it: its members (others as "another
 * member"), the goals, follow-ups, contacts and case notes of the caller's services (newest
 * first, the latest 50 contacts and notes), with each note's and contact's corrections.
 * `caseNotes` are the members' case notes (as on `ClientDetail`); `notes` is the whānau's own
 * short standing note (`WhanauRecord`).
 */
export type WhanauDetail = WhanauRecord & {
  members: MemberRecord[];
  goals: GoalRecord[];
  tasks: TaskRecord[];
  contacts: ContactRecord[];
  caseNotes: CaseNote[];
  corrections: NoteCorrection[];
  /** How many goals of this whānau other services hold (not shown to the caller). Absent in copies kept before. */
  hiddenGoalCount?: number;
};

/** A whānau in a list (`GET /api/whanau`): with how many members the caller may see. */
export type WhanauSummary = Pick<WhanauRecord, '_id' | 'name' | 'version' | 'updatedAt'> & { memberCount: number };

/** What a client page shows of the client's whānau. */
export type ClientWhanau = { _id: string; name: string; memberId: string; relationship: Relationship; relationshipText: string | null };

/**
 * `GET /api/whanau/caseload?since=CURSOR`: the whānau of the kaimahi's caseload (each with a
 * member in it) and their open follow-ups, for the encrypted copy on the device; as the clients'
 * caseload (`ids` every whānau in it now; `cursor` for `since` next time).
 */
export type WhanauCaseload = { whanau: WhanauDetail[]; ids: string[]; followUps: TaskRecord[]; cursor: string };

/** `GET /api/clients/{id}/history` (managers): who changed which field, from what, to what. */
export type FieldChange = { at: string; actorId: string | null; actorName: string | null; field: string; from: unknown; to: unknown };
