import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from './local-db';
import { createOutbox, type Outbox } from './outbox';
import { createClock, createEnrolmentServer, createLocks, enrolmentDraft, freshDbName, type Fault, kindOf, offlineKinds } from './outbox.test-support';

/**
 * Whatever happens between the phone and the server — no signal, server errors, rate limits,
 * answers lost on the way back, requests delivered twice, the app closed mid-send, two tabs —
 * once the connection is good again every enrolment arrives exactly once, and the phone keeps
 * no personal details of the ones that arrived.
 */

type Step =
  | { type: 'enqueue' }
  | { type: 'fault'; fault: Fault }
  | { type: 'flush'; force: boolean }
  | { type: 'two-tabs-flush' }
  | { type: 'advance'; ms: number }
  | { type: 'restart' }
  | { type: 'closed-mid-send'; reachedServer: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ type: 'enqueue' } as const) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Fault>('network', '500', '503', '429', 'lost-answer', 'duplicate', 'html').map((fault) => ({ type: 'fault', fault }) as const),
  },
  { weight: 4, arbitrary: fc.boolean().map((force) => ({ type: 'flush', force }) as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'two-tabs-flush' } as const) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 10 * 60_000 }).map((ms) => ({ type: 'advance', ms }) as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'restart' } as const) },
  { weight: 1, arbitrary: fc.boolean().map((reachedServer) => ({ type: 'closed-mid-send', reachedServer }) as const) },
);

async function run(steps: Step[], seed: number) {
  const clock = createClock();
  const server = createEnrolmentServer({ clock: clock.now });
  const locks = createLocks();
  const dbName = freshDbName('outbox-property');
  const handles: LocalDb[] = [];
  let jitter = seed;
  const random = () => {
    // A small deterministic generator, so a failing case replays the same way.
    jitter = (jitter * 1_103_515_245 + 12_345) % 2 ** 31;
    return jitter / 2 ** 31;
  };
  const open = (): Outbox => {
    const db = openLocalDb(dbName);
    handles.push(db);
    return createOutbox({ kinds: offlineKinds, db, transport: server.transport, now: clock.now, random, locks, flushOnEnqueue: false });
  };

  let outbox = open();
  const enqueued: { _id: string; payload: unknown; givenName: string }[] = [];

  for (const step of steps) {
    switch (step.type) {
      case 'enqueue': {
        const givenName = `Person${enqueued.length}x`;
        const operation = await outbox.enqueue(kindOf('enrolment.create'), {
          label: 'Whānau Ora Support',
          payload: enrolmentDraft({ givenName, email: `${givenName.toLowerCase()}@example.nz` }),
        });
        enqueued.push({ _id: operation._id, payload: operation.payload, givenName });
        break;
      }
      case 'fault':
        server.fail(step.fault);
        break;
      case 'flush':
        await outbox.flush({ force: step.force });
        break;
      case 'two-tabs-flush': {
        const otherTab = open();
        await Promise.all([outbox.flush(), otherTab.flush({ force: true })]);
        break;
      }
      case 'advance':
        clock.advance(step.ms);
        break;
      case 'restart':
        outbox = open();
        break;
      case 'closed-mid-send': {
        // The tab closed after marking an item "sending" (and maybe after the server got it).
        const pending = await outbox.db.outbox.where('state').equals('pending').first();
        if (pending) {
          if (step.reachedServer) server.deliver(pending.payload);
          await outbox.db.outbox.update(pending._id, { state: 'sending' });
        }
        outbox = open();
        break;
      }
    }
  }

  // The signal comes back for good.
  server.clearFaults();
  clock.advance(24 * 60 * 60_000);
  for (let round = 0; round < 3; round += 1) await outbox.flush({ force: round > 0 });

  const db = outbox.db;
  const operations = await db.outbox.toArray();
  const receipts = await db.receipts.toArray();
  const everything = JSON.stringify({ operations, receipts, settings: await db.settings.toArray() });
  for (const handle of handles) handle.close();
  return { server, enqueued, operations, receipts, everything };
}

describe('outbox under any sequence of failures', () => {
  it('delivers every enrolment exactly once, loses none, and keeps no personal data of sent ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 2 ** 30 }), async (steps, seed) => {
        const { server, enqueued, operations, receipts, everything } = await run(steps, seed);

        // Exactly once: one row per enqueued enrolment, none extra, none missing.
        expect(server.rows.map((row) => row._id).sort()).toEqual(enqueued.map((item) => item._id).sort());
        // Each arrived with the body the person confirmed.
        for (const item of enqueued) expect(server.rows.find((row) => row._id === item._id)?.body).toEqual(item.payload);

        // On the phone: every item done, without its details; a receipt for each.
        expect(operations.every((operation) => operation.state === 'done' && operation.payload === null)).toBe(true);
        expect(receipts.map((receipt) => receipt._id).sort()).toEqual(enqueued.map((item) => item._id).sort());
        for (const item of enqueued) {
          expect(everything).not.toContain(item.givenName);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
