import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, nzToday } from '../../../contract/reports';
import { buildClient, buildContact, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { ServiceOutputRow } from '../../db/models/service-output';
import { ContactOutputRow } from '../../db/models/whanau';
import { setClock } from '../../lib/clock';

/** Contacts' dates and quantities are bounded, and the public counters move once a day (issue 32, decision 113). */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
let hemi: Awaited<ReturnType<typeof buildUser>>;
let clientId: string;
const parcel = crypto.randomUUID();
/** Counted in the counters' test alone. */
const box = crypto.randomUUID();
const service = 'whanau_ora_support';
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2 });
  hemi = await buildUser({ access: 1, services: [service] });
  await ServiceOutputRow.create({
    id: parcel,
    serviceKey: service,
    name: 'Kai parcel',
    nameMi: 'Pūtea kai',
    unit: 'parcels',
    hasValue: true,
    position: 0,
    retiredAt: null,
  });
  await ServiceOutputRow.create({
    id: box,
    serviceKey: service,
    name: 'Vege box',
    nameMi: 'Pouaka huawhenua',
    unit: 'boxes',
    hasValue: false,
    position: 1,
    retiredAt: null,
  });
  const client = await buildClient();
  await buildEnrolment({ serviceKey: service, clientId: client.id });
  clientId = client.id;
});
afterEach(() => setClock());
afterAll(() => api.close());

/** A contact with Hemi's client through sync; answers its result. */
async function sendContact(on: string, outputs: unknown[] = [{ kind: parcel, quantity: 3 }]) {
  const id = crypto.randomUUID();
  const payload = { clientId, on, kind: 'home visit', minutes: 30, serviceKey: service, summary: 'Dropped off kai', outputs };
  const res = await api.post('/api/sync', { token: hemi.token, json: { mutations: [{ _id: id, kind: 'contact.create', entityId: id, payload }] } });
  expect(res.status).toBe(200);
  return res.body.results[0] as { status: string; errors?: unknown[] };
}

const parcelsCounter = async () =>
  ((await api.get('/api/counters')).body as { key: string; value: number }[]).find((c) => c.key === 'counterKaiParcels')!.value;

describe('a contact’s date and outputs', () => {
  it('are refused before 2000 and after tomorrow in New Zealand, each with its field', async () => {
    const tomorrow = nextDay(nzToday());
    for (const [on, msg] of [
      ['1000-01-01', 'Date cannot be before 2000'],
      ['1999-12-31', 'Date cannot be before 2000'],
      ['9999-12-31', 'Date cannot be after tomorrow'],
      [nextDay(tomorrow), 'Date cannot be after tomorrow'],
    ] as const) {
      expect(await sendContact(on), on).toEqual(expect.objectContaining({ status: 'rejected', errors: [{ msg, param: 'payload.on', code: 'invalid_date' }] }));
    }
    expect((await sendContact('2000-01-01')).status).toBe('applied');
    expect((await sendContact(tomorrow)).status).toBe('applied');
  });

  it('holds at most 10,000 of an output and $100,000 of its value', async () => {
    const refused = await sendContact(nzToday(), [{ kind: parcel, quantity: 20_000_000, value: 100_001 }]);
    expect(refused.status).toBe('rejected');
    expect(refused.errors).toEqual([
      expect.objectContaining({ msg: 'Quantity must be at most 10000', param: 'payload.outputs.0.quantity' }),
      expect.objectContaining({ msg: 'Value must be at most 100000', param: 'payload.outputs.0.value' }),
    ]);
    expect((await sendContact(nzToday(), [{ kind: parcel, quantity: 10_000, value: 100_000 }])).status).toBe('applied');
  });
});

describe('the public counters', () => {
  it('add only what was recorded before the day began, dated up to that day, and stay put through the day', async () => {
    const set = await api.patch('/api/counters/counterKaiParcels', { token: manager.token, json: { outputId: box, since: nzToday() } });
    expect(set.status).toBe(200);
    const base = set.body.base as number;
    expect(await parcelsCounter()).toBe(base);

    // Today's contact: the manager's settings show it now; the public figure tomorrow.
    expect((await sendContact(nzToday(), [{ kind: box, quantity: 7 }])).status).toBe('applied');
    const settings = await api.get('/api/counters/settings', { token: manager.token });
    expect(settings.body.find((c: { key: string }) => c.key === 'counterKaiParcels')).toMatchObject({ recorded: 7, value: base + 7 });
    expect(await parcelsCounter()).toBe(base);

    // One dated 9999-12-31 from before the bound (written past the API) never counts.
    const old = await buildContact({ clientId, on: '9999-12-31', minutes: 30, serviceKey: service, summary: 'A typo', authorId: hemi.user.id });
    await ContactOutputRow.create({
      contactId: old.id,
      serviceKey: service,
      on: old.on,
      position: 0,
      kind: box,
      quantity: 20_000_000,
      unit: null,
      value: null,
    });

    setClock(() => Date.now() + dayMs);
    expect(await parcelsCounter()).toBe(base + 7);
    // A contact recorded during the day waits for the next day.
    expect((await sendContact(nzToday(Date.now() + dayMs), [{ kind: box, quantity: 5 }])).status).toBe('applied');
    expect(await parcelsCounter()).toBe(base + 7);
    setClock(() => Date.now() + 2 * dayMs);
    expect(await parcelsCounter()).toBe(base + 12);
  });
});
