import {
  ContactCreatePayloadSchema,
  GoalCreatePayloadSchema,
  GoalUpdatePayloadSchema,
  MemberLinkPayloadSchema,
  MemberUnlinkPayloadSchema,
  NoteCorrectPayloadSchema,
  TaskCreatePayloadSchema,
  TaskUpdatePayloadSchema,
  WhanauCreatePayloadSchema,
  WhanauUpdatePayloadSchema,
} from '../../../contract/whanau';
import { baseVersionOf, defineSyncHandler, requireCreateNamedByItsId } from '../../lib/sync-handlers';
import { correctNoteOnce, createContactOnce } from './contacts.service';
import { createGoalOnce, createTaskOnce, updateGoalOnce, updateTaskOnce } from './plan.service';
import { createWhanauOnce, linkMemberOnce, unlinkMemberOnce, updateWhanauOnce } from './whanau.service';

/**
 * The offline writes of whānau case work (DESIGN §4c, decision 075). Every write is one of these
 * kinds (there are no online write routes): each runs exactly once per operation `_id`, with
 * the mutation as sent as the request a resend must match. Creates are named by their own id.
 */
export const whanauSyncHandlers = {
  'whanau.create': defineSyncHandler({
    payload: WhanauCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'whānau');
      return createWhanauOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
  'whanau.update': defineSyncHandler({
    payload: WhanauUpdatePayloadSchema,
    apply: (actor, mutation, transaction) =>
      updateWhanauOnce(actor, mutation._id, mutation.entityId, baseVersionOf(mutation), mutation.payload, { sync: mutation.sent }, transaction),
  }),
  'member.link': defineSyncHandler({
    payload: MemberLinkPayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'member');
      return linkMemberOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
  // `entityId` is the membership.
  'member.unlink': defineSyncHandler({
    payload: MemberUnlinkPayloadSchema,
    apply: (actor, mutation, transaction) => unlinkMemberOnce(actor, mutation._id, mutation.entityId, mutation.payload, { sync: mutation.sent }, transaction),
  }),
  'goal.create': defineSyncHandler({
    payload: GoalCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'goal');
      return createGoalOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
  'goal.update': defineSyncHandler({
    payload: GoalUpdatePayloadSchema,
    apply: (actor, mutation, transaction) =>
      updateGoalOnce(actor, mutation._id, mutation.entityId, baseVersionOf(mutation), mutation.payload, { sync: mutation.sent }, transaction),
  }),
  'task.create': defineSyncHandler({
    payload: TaskCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'follow-up');
      return createTaskOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
  'task.update': defineSyncHandler({
    payload: TaskUpdatePayloadSchema,
    apply: (actor, mutation, transaction) =>
      updateTaskOnce(actor, mutation._id, mutation.entityId, baseVersionOf(mutation), mutation.payload, { sync: mutation.sent }, transaction),
  }),
  'contact.create': defineSyncHandler({
    payload: ContactCreatePayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'contact');
      return createContactOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
  'note.correct': defineSyncHandler({
    payload: NoteCorrectPayloadSchema,
    apply: (actor, mutation, transaction) => {
      requireCreateNamedByItsId(mutation, 'correction');
      return correctNoteOnce(actor, mutation._id, mutation.payload, { sync: mutation.sent }, transaction);
    },
  }),
};
