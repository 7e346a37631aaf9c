import { z } from 'zod';
import { whanauOraOutcomes, type WhanauOraOutcome } from './report-card';
import { optionalText, requiredText } from './common';
import { emailField, optional, phoneField, type EnrolmentStatus } from './enrolments';
import type { Site } from './site-fields';
import { goalAreas, type GoalArea, type GoalStatus } from './whanau';

/**
 * The whānau's own app (DESIGN §4e, issue 34): a member links a phone with a one-time code from
 * their kaimahi and then reads only what was shared with their whānau. Decision 129 says how the
 * code, the device token and the PIN work.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or off a screen is not misread. */
export const inviteAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A code is 12 characters: 4 that find the invite (not secret) and 8 secret ones (40 bits). */
export const inviteCode = { lookupLength: 4, secretLength: 8, validHours: 72, wrongTriesPerInvite: 5 } as const;
/** Members of at least this age may link a phone. */
export const memberMinAge = 16;

/** Reads a code as typed: case, spaces and dashes do not matter, and O/I/L read as 0/1/1. */
export function normaliseInviteCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `XXXX-XXXX-XXXX`, as the kaimahi shows it. */
export const formatInviteCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const codeLength = inviteCode.lookupLength + inviteCode.secretLength;

/** `POST /api/whanau/{id}/invites` (a kaimahi who sees the whānau): the adult member to invite. */
export const CreateInviteSchema = z.object({ clientId: z.uuid({ error: 'Choose the member to invite' }) });
export type CreateInviteInput = z.infer<typeof CreateInviteSchema>;
/**
 * The code is shown once, here, and stored only as a keyed hash. `emailedTo`: the member's address
 * when the code was also emailed to them (sent, or still sending when this answer left); else null.
 */
export type CreatedInvite = { _id: string; whanauId: string; clientId: string; code: string; expiresAt: string; emailedTo: string | null };

/** `POST /api/whanau-app/link`: the code from the kaimahi. */
export const LinkDeviceSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .max(40, { error: 'Code must be at most 40 characters' })
    .transform(normaliseInviteCode)
    .refine((code) => code.length === codeLength && [...code].every((char) => inviteAlphabet.includes(char)), {
      error: `Code must be ${codeLength} letters and numbers`,
    }),
});
export type LinkDeviceInput = z.input<typeof LinkDeviceSchema>;
/** `token`: the device token (`x-auth-token`) for `/api/whanau-app/...` only; `deviceKey` wraps the copy's key on this phone. */
export type LinkedDevice = { token: string; deviceId: string; deviceKey: string; whanauId: string; clientId: string };

/** A linked phone as kaimahi see it on the whānau page. */
export type WhanauDeviceRecord = {
  _id: string;
  whanauId: string;
  clientId: string;
  memberName: string;
  linkedAt: string;
  lastSeenAt: string;
  revokedAt: string | null;
};

/** A goal as the whānau sees it: shared by a kaimahi, without who wrote it or under which service. */
export type SharedGoal = { _id: string; area: GoalArea; text: string; status: GoalStatus; targetDate: string | null; sharedAt: string };
/** A next step or planned visit shared with the whānau; `goalId` only when that goal is shared too. */
export type SharedStep = { _id: string; goalId: string | null; text: string; dueOn: string; done: boolean; sharedAt: string };

/**
 * `GET /api/whanau-app`: everything the phone keeps, read through the member's need-to-know rule.
 * What a kaimahi unshares is missing from the next answer, so the phone drops it.
 */
export type WhanauAppView = {
  whanau: { _id: string; name: string };
  member: {
    _id: string;
    givenName: string;
    familyName: string;
    preferredName: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
    suburb: string | null;
  };
  enrolments: { _id: string; serviceKey: string; status: EnrolmentStatus; receivedAt: string }[];
  goals: SharedGoal[];
  steps: SharedStep[];
  trust: Pick<Site, 'name' | 'phone' | 'email' | 'address' | 'hours'>;
  /** Their own proposed detail changes and privacy requests, with where each stands. */
  detailChanges: DetailChange[];
  privacyRequests: PrivacyRequestRecord[];
  /** What the member said: their comments on goals still shared, their suggestions with the answer, and their own and the kaimahi-recorded "How are we going?" answers. */
  voice: WhanauVoice;
};

/** `PUT /api/whanau/{id}/shares` (staff): share a goal or a task with the whānau, or stop sharing it. */
export const ShareItemSchema = z.object({
  itemKind: z.enum(['goal', 'task'], { error: 'Choose a goal or a follow-up' }),
  itemId: z.uuid({ error: 'Must be a valid id' }),
  shared: z.boolean({ error: 'Say whether to share it' }),
});
export type ShareItemInput = z.infer<typeof ShareItemSchema>;
/** What is shared with a whānau, as kaimahi see it: who shared each item and when. */
export type WhanauShareRecord = { itemKind: 'goal' | 'task'; itemId: string; sharedWithWhanau: true; sharedBy: string; sharedByName: string; sharedAt: string };

/** The seven Whānau Ora outcomes "How are we going?" rates from 1 to 5 (DESIGN §4e), one list with the report card's. */
export { whanauOraOutcomes, type WhanauOraOutcome };

const rating = z.int({ error: 'Choose 1 to 5' }).min(1, { error: 'Choose 1 to 5' }).max(5, { error: 'Choose 1 to 5' });
const dayOf = z.iso.date({ error: 'Date must be a date like 2026-11-28' });
/** The whānau's own words: as case notes take text (NFC, trimmed, no invisible characters), one or more lines. */
const voiceText = (label: string) => requiredText(label, 2000, { lines: true });

/** Kinds a linked phone queues (DESIGN §4e): sent to `POST /api/whanau-app/sync`, exactly once per `_id`. */
export const memberSyncKinds = ['whanau.comment', 'goal.suggest', 'task.done_by_whanau', 'rating.create', 'details.propose', 'privacy.request'] as const;

/** `whanau.comment`: on a shared goal; "what we have done" or "what is getting in the way". Never edited. */
export const WhanauCommentPayloadSchema = z.object({
  goalId: z.uuid({ error: 'Must be a valid id' }),
  topic: z.enum(['done', 'in_the_way'], { error: 'Choose what we have done or what is getting in the way' }),
  text: voiceText('Comment'),
});
/** `goal.suggest`: a new goal the whānau suggests; a kaimahi accepts it into the plan or declines with a reply. */
export const GoalSuggestPayloadSchema = z.object({ text: voiceText('Goal'), area: z.enum(goalAreas, { error: 'Choose an area' }).optional() });
/** `task.done_by_whanau`: `entityId` is the shared step; no fields. */
export const TaskDoneByWhanauPayloadSchema = z.object({});
/** `rating.create`: "How are we going?", each of the seven outcomes 1–5, on a day. */
export const RatingCreatePayloadSchema = z.object({
  on: dayOf,
  ratings: z.object(Object.fromEntries(whanauOraOutcomes.map((outcome) => [outcome, rating])) as Record<WhanauOraOutcome, typeof rating>, {
    error: 'Rate each of the seven outcomes',
  }),
  comment: z.string().normalize('NFC').trim().max(2000, { error: 'Comment must be at most 2000 characters' }).optional(),
});
/** Staff `rating.create` (a kaimahi with the whānau at a visit) names the whānau too. */
export const StaffRatingCreatePayloadSchema = RatingCreatePayloadSchema.extend({ whanauId: z.uuid({ error: 'Must be a valid id' }) });
/** Staff `suggestion.answer` (`entityId`: the suggestion): accepted into the plan as the goal `goalId` (a `goal.create` queued just before), or declined with a reply. */
export const SuggestionAnswerPayloadSchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('accept'), goalId: z.uuid({ error: 'Must be a valid id' }) }),
  z.object({ answer: z.literal('decline'), reply: voiceText('Reply') }),
]);

export type WhanauComment = {
  _id: string;
  goalId: string;
  clientId: string;
  memberName: string;
  topic: 'done' | 'in_the_way';
  text: string;
  createdAt: string;
};
export type GoalSuggestion = {
  _id: string;
  whanauId: string;
  clientId: string;
  memberName: string;
  text: string;
  area: GoalArea | null;
  status: 'new' | 'accepted' | 'declined';
  goalId: string | null;
  reply: string | null;
  createdAt: string;
};
export type OutcomeRating = {
  _id: string;
  whanauId: string;
  clientId: string | null;
  recordedBy: string | null;
  byName: string;
  on: string;
  ratings: Record<WhanauOraOutcome, number>;
  comment: string | null;
  createdAt: string;
};
/** `GET /api/whanau/{id}/voice` (staff): the whānau's comments, suggestions and ratings, newest first. */
export type WhanauVoice = { comments: WhanauComment[]; suggestions: GoalSuggestion[]; ratings: OutcomeRating[] };

/** The member's own details they may propose a change to; a kaimahi accepts each field or not. */
export const proposableFields = ['phone', 'email', 'address', 'suburb'] as const;
export type ProposableField = (typeof proposableFields)[number];

/** `details.propose` (phone): at least one of the fields, each as the client form checks it. */
export const DetailsProposePayloadSchema = z
  .object({
    phone: optional(phoneField),
    email: optional(emailField),
    address: optionalText('Address', 500, { lines: true }),
    suburb: optionalText('Suburb'),
  })
  .refine((change) => proposableFields.some((field) => change[field] !== undefined), { error: 'Change at least one of: phone, email, address, suburb' });

/** `privacy.request` (phone): a copy of their information (IPP 6) or a correction (IPP 7). */
export const privacyRequestKinds = ['access', 'correction'] as const;
export const PrivacyRequestPayloadSchema = z.object({
  kind: z.enum(privacyRequestKinds, { error: 'Choose a copy of my information or a correction' }),
  text: voiceText('What you are asking for'),
});

/** Staff: `POST /api/whanau/{id}/detail-changes/{changeId}/answer`, each proposed field accepted (true) or not. */
export const AnswerDetailChangeSchema = z.object({
  fields: z.partialRecord(z.enum(proposableFields), z.boolean()).refine((fields) => Object.keys(fields).length > 0, { error: 'Answer at least one field' }),
});
export type DetailChange = {
  _id: string;
  clientId: string;
  whanauId: string;
  proposed: Partial<Record<ProposableField, string | null>>;
  decisions: Partial<Record<ProposableField, 'accepted' | 'declined'>>;
  status: 'new' | 'answered';
  createdAt: string;
};

/** Managers: `POST /api/privacy-requests/{id}/answer`. */
export const privacyOutcomes = ['copy_given', 'corrected', 'refused'] as const;
export const AnswerPrivacyRequestSchema = z
  .object({
    outcome: z.enum(privacyOutcomes, { error: 'Choose what was done' }),
    answer: z.string().normalize('NFC').trim().max(2000, { error: 'Answer must be at most 2000 characters' }).optional(),
  })
  .refine((body) => body.outcome !== 'refused' || Boolean(body.answer), { error: 'Give the reason for the refusal', path: ['answer'] });
export type PrivacyRequestRecord = {
  _id: string;
  clientId: string;
  /** Whose request it is, as their record names them ("Preferred (Given) Family"); null when the reader may not see that record. */
  clientName: string | null;
  kind: (typeof privacyRequestKinds)[number];
  text: string;
  receivedAt: string;
  dueOn: string;
  overdue: boolean;
  status: 'new' | 'answered';
  outcome: (typeof privacyOutcomes)[number] | null;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
};
