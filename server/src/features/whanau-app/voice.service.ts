import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import { checkInput } from '../../../contract/errors';
import type { SyncMutation, SyncResult } from '../../../contract/sync';
import type { GoalArea } from '../../../contract/whanau';
import {
  DetailsProposePayloadSchema,
  PrivacyRequestPayloadSchema,
  GoalSuggestPayloadSchema,
  RatingCreatePayloadSchema,
  TaskDoneByWhanauPayloadSchema,
  WhanauCommentPayloadSchema,
  whanauOraOutcomes,
  type GoalSuggestion as GoalSuggestionBody,
  type OutcomeRating,
  type SharedStep,
  type WhanauComment as WhanauCommentBody,
  type WhanauOraOutcome,
  type WhanauVoice,
} from '../../../contract/whanau-app';
import { Client } from '../../db/models/client';
import { User } from '../../db/models/user';
import { Goal } from '../../db/models/whanau';
import { OutcomeRatingRow } from '../../db/models/outcome-rating';
import { GoalSuggestion, WhanauComment, WhanauShare } from '../../db/models/whanau-app';
import { recordAudit, type Actor } from '../../lib/audit';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors';
import { keepIds, runOnce, type OnceOutcome, type OperationOutcome } from '../../lib/idempotency';
import { findSharedGoal, findSharedTask, findVisibleWhanau, visibleClientIdsAmong, visibleGoalsWhere, type MemberCaller } from '../../lib/need-to-know';
import { requireCreateNamedByItsId } from '../../lib/sync-handlers';
import { checkWrittenAt, writtenAtOf } from '../../lib/written-at';
import { memberActor } from './devices.service';
import { proposeDetails, requestPrivacy } from './privacy.service';

/**
 * The whānau's voice (DESIGN §4e): what a linked phone queues offline, sent exactly once through
 * `POST /api/whanau-app/sync`, and what kaimahi do with it (kinds of `POST /api/sync`).
 */

type MemberMutation<Payload> = Omit<SyncMutation, 'payload'> & { payload: Payload; writtenAt?: string };
type MemberKind = {
  payload: z.ZodType;
  apply(member: MemberCaller, mutation: MemberMutation<never>, written: Date, transaction: Transaction): Promise<OperationOutcome<unknown>>;
};
function memberKind<Payload extends z.ZodType>(kind: {
  payload: Payload;
  apply(member: MemberCaller, mutation: MemberMutation<z.output<Payload>>, written: Date, transaction: Transaction): Promise<OperationOutcome<unknown>>;
}): MemberKind {
  return kind as MemberKind;
}

const ratingsOf = (stored: Pick<OutcomeRatingRow, WhanauOraOutcome>) =>
  Object.fromEntries(whanauOraOutcomes.map((outcome) => [outcome, stored[outcome]])) as Record<WhanauOraOutcome, number>;

function presentComment(comment: WhanauComment, memberName: string): WhanauCommentBody {
  return {
    _id: comment.id,
    goalId: comment.goalId,
    clientId: comment.clientId,
    memberName,
    topic: comment.topic,
    text: comment.text,
    createdAt: comment.createdAt.toISOString(),
  };
}

function presentSuggestion(suggestion: GoalSuggestion, memberName: string): GoalSuggestionBody {
  return {
    _id: suggestion.id,
    whanauId: suggestion.whanauId,
    clientId: suggestion.clientId,
    memberName,
    text: suggestion.text,
    area: suggestion.area as GoalArea | null,
    status: suggestion.status,
    goalId: suggestion.goalId,
    reply: suggestion.reply,
    createdAt: suggestion.createdAt.toISOString(),
  };
}

function presentRating(row: OutcomeRatingRow, byName: string): OutcomeRating {
  return {
    _id: row.id,
    whanauId: row.whanauId,
    clientId: row.clientId,
    recordedBy: row.recordedBy,
    byName,
    on: row.on,
    ratings: ratingsOf(row),
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The kinds a linked phone sends; every one is about the member's own whānau and what was shared with it. */
const memberKinds: Record<string, MemberKind> = {
  'whanau.comment': memberKind({
    payload: WhanauCommentPayloadSchema,
    async apply(member, mutation, written, transaction) {
      requireCreateNamedByItsId(mutation, 'comment');
      const goal = await findSharedGoal(member, mutation.payload.goalId, transaction);
      const comment = await WhanauComment.create(
        {
          id: mutation._id,
          whanauId: member.whanauId,
          goalId: goal.id,
          clientId: member.clientId,
          topic: mutation.payload.topic,
          text: mutation.payload.text,
          createdAt: new Date(),
          writtenAt: written,
        },
        { transaction },
      );
      await recordAudit(
        memberActor(member),
        { action: 'create', entity: 'whanau_comment', entityId: comment.id, clientId: member.clientId, details: { goalId: goal.id } },
        transaction,
      );
      return { status: 201, body: presentComment(comment, member.name) };
    },
  }),
  'goal.suggest': memberKind({
    payload: GoalSuggestPayloadSchema,
    async apply(member, mutation, written, transaction) {
      requireCreateNamedByItsId(mutation, 'suggestion');
      const suggestion = await GoalSuggestion.create(
        {
          id: mutation._id,
          whanauId: member.whanauId,
          clientId: member.clientId,
          text: mutation.payload.text,
          area: mutation.payload.area ?? null,
          status: 'new',
          createdAt: new Date(),
          writtenAt: written,
        },
        { transaction },
      );
      await recordAudit(memberActor(member), { action: 'create', entity: 'goal_suggestion', entityId: suggestion.id, clientId: member.clientId }, transaction);
      return { status: 201, body: presentSuggestion(suggestion, member.name) };
    },
  }),
  // `entityId` is the shared step; done once, when it was ticked on the phone.
  'task.done_by_whanau': memberKind({
    payload: TaskDoneByWhanauPayloadSchema,
    async apply(member, mutation, written, transaction) {
      const task = await findSharedTask(member, mutation.entityId, transaction);
      if (!task.doneAt) {
        const version = task.version + 1;
        await task.update({ doneAt: written, version, fieldVersions: { ...task.fieldVersions, doneAt: version } }, { transaction });
        await recordAudit(
          memberActor(member),
          { action: 'update', entity: 'task', entityId: task.id, clientId: member.clientId, fields: ['doneAt'] },
          transaction,
        );
      }
      const share = await WhanauShare.findOne({ where: { itemKind: 'task', itemId: task.id }, transaction });
      const step: SharedStep = { _id: task.id, goalId: null, text: task.text, dueOn: task.dueOn, done: true, sharedAt: share?.sharedAt.toISOString() ?? '' };
      return { status: 200, body: step };
    },
  }),
  'rating.create': memberKind({
    payload: RatingCreatePayloadSchema,
    async apply(member, mutation, written, transaction) {
      requireCreateNamedByItsId(mutation, 'rating');
      const row = await OutcomeRatingRow.create(
        {
          id: mutation._id,
          whanauId: member.whanauId,
          clientId: member.clientId,
          recordedBy: null,
          on: mutation.payload.on,
          ...mutation.payload.ratings,
          comment: mutation.payload.comment || null,
          writtenAt: written,
        },
        { transaction },
      );
      await recordAudit(memberActor(member), { action: 'create', entity: 'outcome_rating', entityId: row.id, clientId: member.clientId }, transaction);
      return { status: 201, body: presentRating(row, member.name) };
    },
  }),
  'details.propose': memberKind({
    payload: DetailsProposePayloadSchema,
    async apply(member, mutation, _written, transaction) {
      requireCreateNamedByItsId(mutation, 'change');
      return { status: 201, body: await proposeDetails(member, mutation._id, mutation.payload, transaction) };
    },
  }),
  'privacy.request': memberKind({
    payload: PrivacyRequestPayloadSchema,
    async apply(member, mutation, _written, transaction) {
      requireCreateNamedByItsId(mutation, 'request');
      return { status: 201, body: await requestPrivacy(member, mutation._id, mutation.payload, transaction) };
    },
  }),
};

/**
 * A linked phone's queued writes, in order, each exactly once in a transaction of its own with its
 * operation record (the answer is the member's own words, kept as sent). One refusal never
 * blocks the others; the results have `POST /api/sync`'s shape.
 */
export async function applyMemberMutations(member: MemberCaller, mutations: SyncMutation[]): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const mutation of mutations) {
    try {
      const kind = memberKinds[mutation.kind];
      if (!kind) throw badRequest(`The whānau app does not send ${mutation.kind} (it sends ${Object.keys(memberKinds).join(', ')})`, 'kind', 'invalid_value');
      const checked = checkInput(kind.payload, mutation.payload, ['payload']);
      if (!checked.success) throw new ApiError(400, checked.errors);
      const written = mutation.writtenAt ? checkWrittenAt(mutation.writtenAt) : new Date();
      const outcome: OnceOutcome<unknown> = await runOnce(
        { id: mutation._id, kind: mutation.kind, actorId: member.clientId, request: mutation },
        (transaction) => kind.apply(member, { ...mutation, payload: checked.data as never }, written, transaction),
      );
      results.push({ _id: mutation._id, status: outcome.replayed ? 'duplicate' : 'applied', record: outcome.body });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      results.push({ _id: mutation._id, status: 'rejected', errors: error.items });
    }
  }
  return results;
}

/** A kaimahi's answer to a suggestion: into the plan as a goal they may see, or declined with a reply. */
export async function answerSuggestionOnce(
  actor: Actor,
  id: string,
  suggestionId: string,
  answer: { answer: 'accept'; goalId: string } | { answer: 'decline'; reply: string },
  request: unknown,
  within: Transaction,
): Promise<OnceOutcome<GoalSuggestionBody>> {
  return runOnce(
    { id, kind: 'suggestion.answer', actorId: actor.id, request },
    async (transaction) => {
      const suggestion = await GoalSuggestion.findByPk(suggestionId, { transaction });
      if (!suggestion) throw notFound('Suggestion not found');
      await findVisibleWhanau(actor, suggestion.whanauId, transaction);
      if (suggestion.status !== 'new') throw conflict('This suggestion has already been answered');
      if (answer.answer === 'accept') {
        const goal = await Goal.findOne({ where: { [Op.and]: [{ id: answer.goalId, whanauId: suggestion.whanauId }, visibleGoalsWhere(actor)] }, transaction });
        if (!goal) throw badRequest('Add the goal to this whānau’s plan first', 'payload.goalId');
        await suggestion.update({ status: 'accepted', goalId: goal.id, answeredBy: actor.id, answeredAt: writtenAtOf(actor) }, { transaction });
      } else {
        await suggestion.update({ status: 'declined', reply: answer.reply, answeredBy: actor.id, answeredAt: writtenAtOf(actor) }, { transaction });
      }
      await recordAudit(
        actor,
        { action: 'status', entity: 'goal_suggestion', entityId: suggestion.id, clientId: suggestion.clientId, details: { answer: answer.answer } },
        transaction,
      );
      return { status: 200, body: await readSuggestion(actor, suggestion.id, transaction) };
    },
    { keep: keepIds, reread: (kept, transaction) => readSuggestion(actor, kept.id, transaction) },
    within,
  );
}

async function readSuggestion(actor: Actor, id: string, transaction?: Transaction): Promise<GoalSuggestionBody> {
  const suggestion = await GoalSuggestion.findByPk(id, { transaction });
  if (!suggestion) throw notFound('Suggestion not found');
  await findVisibleWhanau(actor, suggestion.whanauId, transaction);
  const [seen] = [...(await visibleClientIdsAmong(actor, [suggestion.clientId], transaction))];
  const client = seen ? await Client.findByPk(seen, { attributes: ['givenName', 'preferredName'], transaction }) : null;
  return presentSuggestion(suggestion, client?.preferredName || client?.givenName || 'A member');
}

/** A kaimahi records "How are we going?" with the whānau at a visit. */
export async function recordRatingOnce(
  actor: Actor,
  id: string,
  payload: { whanauId: string; on: string; ratings: Record<WhanauOraOutcome, number>; comment?: string | undefined },
  request: unknown,
  within: Transaction,
): Promise<OnceOutcome<OutcomeRating>> {
  const read = async (ratingId: string, transaction?: Transaction) => {
    const row = await OutcomeRatingRow.findByPk(ratingId, { transaction });
    if (!row) throw notFound('Rating not found');
    await findVisibleWhanau(actor, row.whanauId, transaction);
    return presentRating(row, actor.name);
  };
  return runOnce(
    { id, kind: 'rating.create', actorId: actor.id, request },
    async (transaction) => {
      await findVisibleWhanau(actor, payload.whanauId, transaction);
      await OutcomeRatingRow.create(
        {
          id,
          whanauId: payload.whanauId,
          clientId: null,
          recordedBy: actor.id,
          on: payload.on,
          ...payload.ratings,
          comment: payload.comment || null,
        },
        { transaction },
      );
      await recordAudit(actor, { action: 'create', entity: 'outcome_rating', entityId: id, details: { whanauId: payload.whanauId } }, transaction);
      return { status: 201, body: await read(id, transaction) };
    },
    { keep: keepIds, reread: (kept, transaction) => read(kept.id, transaction) },
    within,
  );
}

/**
 * The whānau page's view of its voice (staff who see the whānau): comments on goals they may
 * see, every suggestion and rating, newest first. A member they do not see is "A member".
 */
export async function whanauVoice(actor: Actor, whanauId: string): Promise<WhanauVoice> {
  await findVisibleWhanau(actor, whanauId);
  const [goals, comments, suggestions, ratings] = await Promise.all([
    Goal.findAll({ where: { [Op.and]: [{ whanauId }, visibleGoalsWhere(actor)] }, attributes: ['id'] }),
    WhanauComment.findAll({ where: { whanauId }, order: [['createdAt', 'DESC']] }),
    GoalSuggestion.findAll({ where: { whanauId }, order: [['createdAt', 'DESC']] }),
    OutcomeRatingRow.findAll({
      where: { whanauId },
      order: [
        ['on', 'DESC'],
        ['createdAt', 'DESC'],
      ],
    }),
  ]);
  const goalIds = new Set(goals.map((goal) => goal.id));
  const clientIds = [...new Set([...comments, ...suggestions, ...ratings].map((row) => row.clientId).filter((id): id is string => Boolean(id)))];
  const seen = await visibleClientIdsAmong(actor, clientIds);
  const [clients, users] = await Promise.all([
    Client.findAll({ where: { id: [...seen] }, attributes: ['id', 'givenName', 'preferredName'] }),
    User.findAll({ where: { id: [...new Set(ratings.map((row) => row.recordedBy).filter((id): id is string => Boolean(id)))] }, attributes: ['id', 'name'] }),
  ]);
  const memberNames = new Map(clients.map((client) => [client.id, client.preferredName || client.givenName]));
  const staffNames = new Map(users.map((user) => [user.id, user.name]));
  const memberName = (id: string | null) => (id ? (memberNames.get(id) ?? 'A member') : 'A member');
  return {
    comments: comments.filter((comment) => goalIds.has(comment.goalId)).map((comment) => presentComment(comment, memberName(comment.clientId))),
    suggestions: suggestions.map((suggestion) => presentSuggestion(suggestion, memberName(suggestion.clientId))),
    ratings: ratings.map((row) => presentRating(row, row.recordedBy ? (staffNames.get(row.recordedBy) ?? 'Unknown') : memberName(row.clientId))),
  };
}

/**
 * What the member said, as their phone shows it back: their own comments on goals still shared,
 * their own suggestions with the kaimahi's answer, and the whānau's "How are we going?" answers
 * that are theirs or a kaimahi recorded with the whānau (never another member's).
 */
export async function memberVoice(member: MemberCaller, sharedGoalIds: ReadonlySet<string>, ownName: string, transaction: Transaction): Promise<WhanauVoice> {
  const [comments, suggestions, ratings] = await Promise.all([
    WhanauComment.findAll({ where: { whanauId: member.whanauId, clientId: member.clientId }, order: [['createdAt', 'DESC']], transaction }),
    GoalSuggestion.findAll({ where: { whanauId: member.whanauId, clientId: member.clientId }, order: [['createdAt', 'DESC']], transaction }),
    OutcomeRatingRow.findAll({
      where: { whanauId: member.whanauId, [Op.or]: [{ clientId: member.clientId }, { recordedBy: { [Op.ne]: null } }] },
      order: [
        ['on', 'DESC'],
        ['createdAt', 'DESC'],
      ],
      transaction,
    }),
  ]);
  const staffIds = [...new Set(ratings.map((row) => row.recordedBy).filter((id): id is string => Boolean(id)))];
  const users = staffIds.length > 0 ? await User.findAll({ where: { id: staffIds }, attributes: ['id', 'name'], transaction }) : [];
  const staffNames = new Map(users.map((user) => [user.id, user.name]));
  return {
    comments: comments.filter((comment) => sharedGoalIds.has(comment.goalId)).map((comment) => presentComment(comment, ownName)),
    suggestions: suggestions.map((suggestion) => presentSuggestion(suggestion, ownName)),
    ratings: ratings.map((row) => presentRating(row, row.recordedBy ? (staffNames.get(row.recordedBy) ?? 'Your kaimahi') : ownName)),
  };
}
