/**
 * What a linked phone writes with no signal (DESIGN §4e): `whanau.comment`, `goal.suggest`,
 * `task.done_by_whanau`, `rating.create`, `details.propose` and `privacy.request`, each checked by
 * the contract's schema, kept sealed with the phone's key in its own outbox (its own database and
 * lock), and sent to `POST /api/whanau-app/sync` exactly once per id. After each group of results
 * the copy asks the server what it now holds.
 */
import {
  DetailsProposePayloadSchema,
  GoalSuggestPayloadSchema,
  PrivacyRequestPayloadSchema,
  RatingCreatePayloadSchema,
  TaskDoneByWhanauPayloadSchema,
  WhanauCommentPayloadSchema,
} from '@contract/whanau-app';
import type { z } from 'zod';
import { asFormErrors, checkPayload, createOutbox, createOutboxRegistry, syncLaneTo, type OfflineKind, type Outbox } from '../../../lib/outbox';
import { flushTriggers } from '../../../lib/outbox-triggers';
import type { MessageKey } from '../../../i18n/i18n';
import { memberApiPaths } from '../api/member-paths';
import { memberCopy } from './member-copy';
import { getMemberDb } from './member-db';
import { memberKeys, memberState, memberToken, memberUserId, subscribeMemberState } from './member-vault';

const memberLane = syncLaneTo('whanau-app', memberApiPaths.sync);

function memberKind<Schema extends z.ZodType>(kind: string, title: MessageKey, schema: Schema, makesRecord = true): OfflineKind<z.infer<Schema>> {
  return {
    kind,
    title,
    lane: memberLane,
    encrypted: true,
    needsUser: true,
    makesRecord,
    versioned: false,
    schemaVersion: 1,
    check: (payload) => checkPayload(schema, payload),
    refreshes: memberCopy,
  };
}

export const memberKinds = {
  comment: memberKind('whanau.comment', 'whanauApp.kind.comment', WhanauCommentPayloadSchema),
  suggest: memberKind('goal.suggest', 'whanauApp.kind.suggest', GoalSuggestPayloadSchema),
  stepDone: memberKind('task.done_by_whanau', 'whanauApp.kind.stepDone', TaskDoneByWhanauPayloadSchema, false),
  rating: memberKind('rating.create', 'whanauApp.kind.rating', RatingCreatePayloadSchema),
  details: memberKind('details.propose', 'whanauApp.kind.details', DetailsProposePayloadSchema),
  privacy: memberKind('privacy.request', 'whanauApp.kind.privacy', PrivacyRequestPayloadSchema),
} as const;

let outbox: Outbox | null = null;
let stopTriggers: (() => void) | null = null;

/**
 * The phone's outbox, with its triggers (at start, online, the server answering again, the key
 * coming). A new link is a new database, so a new outbox.
 */
export function memberOutbox(): Outbox {
  if (outbox?.db !== getMemberDb()) {
    stopTriggers?.();
    outbox = createOutbox({
      kinds: createOutboxRegistry(Object.values(memberKinds)),
      db: getMemberDb(),
      getToken: memberToken,
      getUserId: memberUserId,
      getCipher: memberKeys.current,
      lockName: 'trust-whanau-app-outbox',
    });
    const triggers = flushTriggers(outbox, {
      keyCame: (listener) =>
        memberKeys.onChange((cipher) => {
          if (cipher) listener();
        }),
    });
    stopTriggers = triggers.stop;
  }
  return outbox;
}

// A link that ended took its database with it: the outbox over it stops (the next link makes a new one).
subscribeMemberState(() => {
  if (memberState().status !== 'ended') return;
  stopTriggers?.();
  stopTriggers = null;
  outbox = null;
});

/** Queues one of the member’s writes as the form holds it (the kind checks it); rejects with the contract’s error items (form errors). */
export async function queueMemberWrite<P>(kind: OfflineKind<P>, input: { payload: unknown; entityId?: string; label: string }): Promise<string> {
  const queued = await asFormErrors(() => memberOutbox().enqueue(kind, { ...input, userId: memberUserId() }));
  return queued.entityId;
}
