import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionStatement } from '../../../contract/enrolments';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Enrolment } from '../../db/models/enrolment';
import { Operation } from '../../db/models/operation';
import { enrolmentWriterStats } from './enrolment-writer';

/**
 * Group commit (decision 066): enrolments arriving together share one transaction, each in its
 * own savepoint, so the ones refused in a batch leave the others stored and answered.
 */
let api: TestApi;
let managerToken: string;
beforeAll(async () => {
  api = await startTestServer();
  managerToken = (await buildUser({ access: 2 })).token;
});
afterAll(() => api.close());

function anEnrolment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: crypto.randomUUID(),
    serviceKey: 'whanau_ora_support',
    givenName: 'Aroha',
    familyName: 'Ngata',
    phone: '021 555 0101',
    preferredContact: 'phone',
    consent: true,
    statementVersion: collectionStatement.version,
    ...overrides,
  };
}

describe('POST /api/enrolments sent together', () => {
  it('stores every good enrolment of a batch and refuses only the bad ones, each with its own answer', async () => {
    const closed = await api.patch('/api/services/raised_gardens', { token: managerToken, json: { status: 'inactive', statusText: 'Full until March' } });
    expect(closed.status).toBe(200);
    // An enrolment row that holds an id with no answer stored: its insert fails inside the batch.
    const taken = crypto.randomUUID();
    await Enrolment.create({
      id: taken,
      serviceKey: 'whanau_ora_support',
      givenName: 'Kiri',
      familyName: 'Heke',
      dateOfBirth: null,
      phone: null,
      email: null,
      suburb: null,
      iwi: null,
      householdSize: null,
      preferredContact: 'phone',
      message: null,
      consentStatementVersion: collectionStatement.version,
      consentedAt: new Date(),
      receivedAt: new Date(),
    });
    const good = Array.from({ length: 30 }, (_, index) => anEnrolment({ givenName: `Tamaiti ${index}` }));
    const reused = anEnrolment();
    const bad = [
      anEnrolment({ serviceKey: 'raised_gardens' }),
      anEnrolment({ serviceKey: 'raised_gardens' }),
      anEnrolment({ _id: taken }),
      { ...reused, givenName: 'Someone else' },
    ];
    const batchesBefore = enrolmentWriterStats.batches;
    const sent = [reused, ...good.slice(0, 15), ...bad, ...good.slice(15)];
    const answers = await Promise.all(sent.map((json) => api.post('/api/enrolments', { json })));
    const statusOf = (body: Record<string, unknown>) => answers[sent.indexOf(body)]?.status;

    expect(good.map(statusOf)).toEqual(good.map(() => 201));
    expect(statusOf(reused)).toBe(201);
    expect(bad.map(statusOf)).toEqual([409, 409, 409, 409]);
    expect(answers[sent.indexOf(bad[0] as Record<string, unknown>)]?.body.errors[0].code).toBe('service_closed');
    expect(answers[sent.indexOf(bad[2] as Record<string, unknown>)]?.body.errors[0]).toMatchObject({ msg: 'That id is already in use', param: 'id' });
    expect(answers[sent.indexOf(bad[3] as Record<string, unknown>)]?.body.errors[0].code).toBe('request_id_reused');

    const goodIds = [reused, ...good].map((body) => String(body._id));
    expect(await Enrolment.count({ where: { id: goodIds } })).toBe(31);
    expect(await Operation.count({ where: { id: goodIds } })).toBe(31);
    expect(await Enrolment.count({ where: { serviceKey: 'raised_gardens' } })).toBe(0);
    expect(await Operation.count({ where: { id: taken } })).toBe(0);
    expect((await Enrolment.findByPk(taken))?.givenName).toBe('Kiri');
    expect((await Enrolment.findByPk(String(reused._id)))?.givenName).toBe('Aroha');
    // They were written together: far fewer transactions than enrolments.
    expect(enrolmentWriterStats.batches - batchesBefore).toBeLessThan(sent.length / 2);

    const reopened = await api.patch('/api/services/raised_gardens', { token: managerToken, json: { status: 'active', statusText: '' } });
    expect(reopened.status).toBe(200);
  });

  it('answers a resend that arrives in the same batch as its first send from that send', async () => {
    const sent = anEnrolment();
    const answers = await Promise.all([sent, anEnrolment(), sent, anEnrolment(), sent].map((json) => api.post('/api/enrolments', { json })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set([0, 2, 4].map((index) => answers[index]?.text)).size).toBe(1);
    expect(await Enrolment.count({ where: { id: String(sent._id) } })).toBe(1);
  });
});
