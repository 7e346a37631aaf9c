/**
 * The kaimahi's offline writes on whānau, as this feature defines them (DESIGN §4c, decision 074):
 * `whanau.create`, `whanau.update`, `member.link`, `member.unlink`, `goal.create`, `goal.update`
 * and `contact.create`, and the answers to the whānau's own app (issue 34): `suggestion.answer`
 * and a "How are we going?" recorded at a visit (`rating.create`). Each is checked by the contract's schema (contract/whanau.ts), travels
 * the staff lane (`POST /api/sync`) encrypted, and lands in the whānau part of the device's copy.
 * src/offline-kinds.ts registers them; the outbox engine never names them.
 */
import {
  ContactCreatePayloadSchema,
  GoalCreatePayloadSchema,
  GoalUpdatePayloadSchema,
  MemberLinkPayloadSchema,
  MemberUnlinkPayloadSchema,
  WhanauCreatePayloadSchema,
  WhanauUpdatePayloadSchema,
  type ContactCreatePayload,
  type ContactRecord,
  type GoalCreatePayload,
  type GoalRecord,
  type GoalUpdatePayload,
  type MemberLinkPayload,
  type MemberRecord,
  type MemberUnlinkPayload,
  type WhanauCreatePayload,
  type WhanauDetail,
  type WhanauRecord,
  type WhanauUpdatePayload,
} from '@contract/whanau';
import { StaffRatingCreatePayloadSchema, SuggestionAnswerPayloadSchema } from '@contract/whanau-app';
import type { z } from 'zod';
import { checkPayload, syncLane, type OfflineKind, type OutboxLanding } from '../../../lib/outbox';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { updateKeptWhanau, whanauKept } from './whanau-copy';

/**
 * A kaimahi's write: encrypted on the device, sent under their token through the staff lane; the
 * part of the copy it changes asks the server for what changed once a group of results has landed.
 */
const staffWrite = { lane: syncLane, encrypted: true, needsUser: true, refreshes: whanauKept } as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isWhanauRecord = (value: unknown): value is WhanauRecord => isObject(value) && typeof value._id === 'string' && typeof value.name === 'string';
const isMemberRecord = (value: unknown): value is MemberRecord => isObject(value) && typeof value._id === 'string' && typeof value.whanauId === 'string';
const isGoalRecord = (value: unknown): value is GoalRecord => isObject(value) && typeof value._id === 'string' && typeof value.area === 'string';
const isContactRecord = (value: unknown): value is ContactRecord => isObject(value) && typeof value._id === 'string' && typeof value.kind === 'string';

/** The copy takes what the server now holds, so a page never falls back to older values before the next refresh. */
function landInCopy(landing: OutboxLanding, whanauId: string | undefined, update: (kept: WhanauDetail | undefined) => WhanauDetail | undefined) {
  const cipher = getStaffCipher();
  if (landing.status !== 'applied' || !cipher || landing.userId !== cipher.userId || !whanauId) return;
  return updateKeptWhanau(cipher, whanauId, update);
}

/** `list` with `record` in place of the entry of the same id (added first when new, or last: members keep the order they joined in). */
function upsert<T extends { _id: string }>(list: readonly T[], record: T, where: 'first' | 'last' = 'first'): T[] {
  if (list.some((entry) => entry._id === record._id)) return list.map((entry) => (entry._id === record._id ? record : entry));
  return where === 'first' ? [record, ...list] : [...list, record];
}

export const whanauCreateKind: OfflineKind<WhanauCreatePayload> = {
  kind: 'whanau.create',
  title: 'offline.kind.whanau.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(WhanauCreatePayloadSchema, payload),
  land: (landing) =>
    landInCopy(landing, landing.entityId, (kept) =>
      isWhanauRecord(landing.record)
        ? { members: [], goals: [], tasks: [], contacts: [], caseNotes: [], corrections: [], ...kept, ...landing.record }
        : undefined,
    ),
};

export const whanauUpdateKind: OfflineKind<WhanauUpdatePayload> = {
  kind: 'whanau.update',
  title: 'offline.kind.whanau.update',
  ...staffWrite,
  makesRecord: false,
  versioned: true,
  schemaVersion: 1,
  check: (payload) => checkPayload(WhanauUpdatePayloadSchema, payload),
  fieldsOf: (changes) => Object.keys(changes),
  land: (landing) => landInCopy(landing, landing.entityId, (kept) => (kept && isWhanauRecord(landing.record) ? { ...kept, ...landing.record } : undefined)),
};

export const memberLinkKind: OfflineKind<MemberLinkPayload> = {
  kind: 'member.link',
  title: 'offline.kind.member.link',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(MemberLinkPayloadSchema, payload),
  subjectOf: (member) => member.whanauId,
  land: (landing) =>
    landInCopy(landing, landing.subjectId, (kept) =>
      kept && isMemberRecord(landing.record) ? { ...kept, members: upsert(kept.members, landing.record, 'last') } : undefined,
    ),
};

export const memberUnlinkKind: OfflineKind<MemberUnlinkPayload> = {
  kind: 'member.unlink',
  title: 'offline.kind.member.unlink',
  ...staffWrite,
  makesRecord: false,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(MemberUnlinkPayloadSchema, payload),
  subjectOf: (unlink) => unlink.whanauId,
  land: (landing) =>
    landInCopy(landing, landing.subjectId, (kept) =>
      kept ? { ...kept, members: kept.members.filter((member) => member._id !== landing.entityId) } : undefined,
    ),
};

export const goalCreateKind: OfflineKind<GoalCreatePayload> = {
  kind: 'goal.create',
  title: 'offline.kind.goal.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(GoalCreatePayloadSchema, payload),
  subjectOf: (goal) => goal.whanauId,
  land: (landing) =>
    landInCopy(landing, landing.subjectId, (kept) =>
      kept && isGoalRecord(landing.record) ? { ...kept, goals: upsert(kept.goals, landing.record) } : undefined,
    ),
};

/**
 * An edit of a goal: `whanauId` is not in the payload (the contract's edit is the changed fields),
 * so the item is shown with the goal itself; the copy finds its whānau from the record.
 */
export const goalUpdateKind: OfflineKind<GoalUpdatePayload> = {
  kind: 'goal.update',
  title: 'offline.kind.goal.update',
  ...staffWrite,
  makesRecord: false,
  versioned: true,
  schemaVersion: 1,
  check: (payload) => checkPayload(GoalUpdatePayloadSchema, payload),
  fieldsOf: (changes) => Object.keys(changes),
  land: (landing) => {
    const goal = landing.record;
    return landInCopy(landing, isGoalRecord(goal) ? goal.whanauId : undefined, (kept) =>
      kept && isGoalRecord(goal) ? { ...kept, goals: upsert(kept.goals, goal) } : undefined,
    );
  },
};

export const contactCreateKind: OfflineKind<ContactCreatePayload> = {
  kind: 'contact.create',
  title: 'offline.kind.contact.create',
  ...staffWrite,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(ContactCreatePayloadSchema, payload),
  subjectOf: (contact) => contact.whanauId ?? contact.clientId,
  land: (landing) => {
    const contact = landing.record;
    return landInCopy(landing, isContactRecord(contact) ? (contact.whanauId ?? undefined) : undefined, (kept) =>
      kept && isContactRecord(contact) ? { ...kept, contacts: upsert(kept.contacts, contact) } : undefined,
    );
  },
};

export type SuggestionAnswerPayload = z.infer<typeof SuggestionAnswerPayloadSchema>;
export type StaffRatingPayload = z.infer<typeof StaffRatingCreatePayloadSchema>;

/**
 * A kaimahi's answer to a goal the whānau suggested from their app (`entityId`: the suggestion):
 * into the plan as a goal queued just before it, or declined with a reply. Neither is kept on the
 * device; the whānau page reads the whānau's voice again once it lands.
 */
export const suggestionAnswerKind: OfflineKind<SuggestionAnswerPayload> = {
  kind: 'suggestion.answer',
  title: 'offline.kind.suggestion.answer',
  lane: syncLane,
  encrypted: true,
  needsUser: true,
  makesRecord: false,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(SuggestionAnswerPayloadSchema, payload),
};

/** "How are we going?" recorded by a kaimahi with the whānau at a visit: the seven outcomes, 1 to 5. */
export const staffRatingKind: OfflineKind<StaffRatingPayload> = {
  kind: 'rating.create',
  title: 'offline.kind.rating.create',
  lane: syncLane,
  encrypted: true,
  needsUser: true,
  makesRecord: true,
  versioned: false,
  schemaVersion: 1,
  check: (payload) => checkPayload(StaffRatingCreatePayloadSchema, payload),
  subjectOf: (rating) => rating.whanauId,
};

/** This feature's offline kinds, for src/offline-kinds.ts. */
export const whanauOfflineKinds = [
  whanauCreateKind,
  whanauUpdateKind,
  memberLinkKind,
  memberUnlinkKind,
  goalCreateKind,
  goalUpdateKind,
  contactCreateKind,
  suggestionAnswerKind,
  staffRatingKind,
];
