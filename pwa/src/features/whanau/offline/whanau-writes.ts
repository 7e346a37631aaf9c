/**
 * A kaimahi's writes on whānau: one path each. Every write is checked by its kind (the contract's
 * schema) and saved in the outbox on this device, sealed with their key; the outbox sends it at
 * once with signal, or when the signal comes back. Nothing is shown as done until it is here.
 */
import type { ContactCreatePayload, GoalCreatePayload, GoalUpdatePayload, MemberLinkPayload, WhanauCreatePayload, WhanauUpdatePayload } from '@contract/whanau';
import { asFormErrors } from '../../../lib/outbox';
import { sendOutboxNow, staffOutbox } from '../../../lib/outbox-triggers';
import {
  contactCreateKind,
  goalCreateKind,
  goalUpdateKind,
  memberLinkKind,
  memberUnlinkKind,
  staffRatingKind,
  suggestionAnswerKind,
  whanauCreateKind,
  whanauUpdateKind,
  type StaffRatingPayload,
} from './kinds';

/** Form fields arrive as typed; the schema turns them into the payload. */
type Typed<T> = { [K in keyof T]?: unknown };

/** Saves a new whānau on this device; returns its id. */
export async function queueNewWhanau(fields: Typed<WhanauCreatePayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(whanauCreateKind, { payload: fields, label: 'New whānau' }))).entityId;
}

/** Saves an edit of the whānau (its name, its notes) made on `baseVersion`; returns its item's id. */
export async function queueWhanauEdit(whanauId: string, baseVersion: number, changes: Typed<WhanauUpdatePayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(whanauUpdateKind, { entityId: whanauId, baseVersion, payload: changes, label: 'Whānau edit' })))._id;
}

/** Saves a member joining a whānau; returns the membership's id. */
export async function queueMember(member: Typed<MemberLinkPayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(memberLinkKind, { payload: member, label: 'Whānau member' }))).entityId;
}

/** Takes a member out of the whānau (the client record stays). */
export async function queueMemberOut(whanauId: string, memberId: string): Promise<void> {
  await asFormErrors(() => staffOutbox.enqueue(memberUnlinkKind, { entityId: memberId, payload: { whanauId }, label: 'Whānau member out' }));
}

/** Saves a new goal of the plan; returns its id. */
/** A new goal as a form gives it (the contract checks it when queued). */
export type NewGoal = Typed<GoalCreatePayload>;

export async function queueGoal(goal: NewGoal): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(goalCreateKind, { payload: goal, label: 'Goal' }))).entityId;
}

/** Saves an edit of a goal made on `baseVersion`; returns its item's id. */
export async function queueGoalEdit(goalId: string, baseVersion: number, changes: Typed<GoalUpdatePayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(goalUpdateKind, { entityId: goalId, baseVersion, payload: changes, label: 'Goal edit' })))._id;
}

/** Saves a contact (its summary is a case note); returns its id. */
export async function queueContact(contact: Typed<ContactCreatePayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(contactCreateKind, { payload: contact, label: 'Contact' }))).entityId;
}

/**
 * "Add to the plan": the whānau's suggested goal becomes a goal of the plan, then the suggestion is
 * answered with it. Both wait in the outbox in that order and go in one request.
 */
export async function queueSuggestionAccepted(suggestionId: string, goal: NewGoal): Promise<string> {
  const goalId = await queueGoal(goal);
  await asFormErrors(() =>
    staffOutbox.enqueue(suggestionAnswerKind, { entityId: suggestionId, payload: { answer: 'accept', goalId }, label: 'Suggested goal' }),
  );
  return goalId;
}

/** Declines the whānau's suggested goal with a reply they see. */
export async function queueSuggestionDeclined(suggestionId: string, reply: string): Promise<void> {
  await asFormErrors(() =>
    staffOutbox.enqueue(suggestionAnswerKind, { entityId: suggestionId, payload: { answer: 'decline', reply }, label: 'Suggested goal' }),
  );
}

/** "How are we going?" recorded with the whānau at a visit; returns its id. */
export async function queueRating(rating: Typed<StaffRatingPayload>): Promise<string> {
  return (await asFormErrors(() => staffOutbox.enqueue(staffRatingKind, { payload: rating, label: 'How are we going?' }))).entityId;
}

/**
 * The kaimahi's choice on a clash (a goal's or the whānau's): a new operation on the record's
 * current version. Keeping the server's value for everything leaves nothing to send, so the
 * clashing item is removed.
 */
export async function queueClashResolution(
  itemId: string,
  changes: Typed<GoalUpdatePayload> | Typed<WhanauUpdatePayload>,
  baseVersion: number,
  untouched: readonly string[],
): Promise<void> {
  if (Object.keys(changes).length === 0 && untouched.length === 0) {
    await staffOutbox.discard(itemId);
    return;
  }
  await asFormErrors(() => staffOutbox.resolveConflict(itemId, changes, baseVersion));
}

export function discardItem(itemId: string): Promise<void> {
  return staffOutbox.discard(itemId);
}

/** The "Send now" button. */
export function sendNow(): void {
  void sendOutboxNow().catch(() => undefined);
}
