import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineSyncHandler, registerSyncHandlers } from './sync-handlers';

const handler = defineSyncHandler({ payload: z.object({}), apply: () => Promise.resolve({ status: 200, body: {}, replayed: false }) });

describe('registerSyncHandlers', () => {
  it('puts every feature’s kinds in one map', () => {
    expect([...registerSyncHandlers({ 'client.create': handler }, { 'goal.create': handler, 'goal.update': handler }).keys()]).toEqual([
      'client.create',
      'goal.create',
      'goal.update',
    ]);
  });

  it('fails at start on a kind two features claim, or one that is not <record>.<action>', () => {
    expect(() => registerSyncHandlers({ 'client.create': handler }, { 'client.create': handler })).toThrow('Two features register the sync kind client.create');
    expect(() => registerSyncHandlers({ createClient: handler })).toThrow('Sync kind createClient is not <record>.<action> in lower case');
  });
});
