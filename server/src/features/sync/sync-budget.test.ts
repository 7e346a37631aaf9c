import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Client } from '../../db/models/client';
import { Operation } from '../../db/models/operation';

// A budget of 0 ms is spent before the second mutation, whatever the machine: the server always
// starts the first, so each call deterministically applies exactly one. Set before the config is read.
vi.hoisted(() => {
  process.env.SYNC_TIME_BUDGET_MS = '0';
});

let api: TestApi;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
});
afterAll(() => api.close());

const newClient = (givenName: string) => {
  const id = crypto.randomUUID();
  return { _id: id, kind: 'client.create', entityId: id, payload: { givenName, familyName: 'Tāwhiri' } };
};
const sync = async (mutations: unknown[]) => (await api.post('/api/sync', { token: kaimahi.token, json: { mutations } })).body.results;

describe('POST /api/sync time budget', () => {
  it('answers what it did not reach as not_applied, in order, with nothing done or recorded; they apply when sent again', async () => {
    const mutations = [newClient('Ngaio'), newClient('Hine'), newClient('Rua')];
    const ids = mutations.map((mutation) => mutation._id);
    expect(await sync(mutations)).toEqual([
      expect.objectContaining({ _id: ids[0], status: 'applied' }),
      { _id: ids[1], status: 'not_applied' },
      { _id: ids[2], status: 'not_applied' },
    ]);
    expect(await Client.count({ where: { id: ids } })).toBe(1);
    expect((await Operation.findAll({ where: { id: ids } })).map((operation) => operation.id)).toEqual([ids[0]]);

    // The device sends what was not applied in its next batch, in the same order.
    expect(await sync(mutations.slice(1))).toEqual([expect.objectContaining({ _id: ids[1], status: 'applied' }), { _id: ids[2], status: 'not_applied' }]);
    expect(await sync(mutations.slice(2))).toEqual([expect.objectContaining({ _id: ids[2], status: 'applied' })]);
    expect(await Client.count({ where: { id: ids } })).toBe(3);
    // A resend of the whole batch: the first answered from its record, the rest not reached yet.
    expect((await sync(mutations)).map((result: { status: string }) => result.status)).toEqual(['duplicate', 'not_applied', 'not_applied']);
  });
});
