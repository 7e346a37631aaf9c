import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildContact, buildEnrolment, buildFollowUp, buildGoal, buildWhanau } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { WhanauMember } from '../../db/models/whanau';
import { median } from './report-card.service';

/**
 * The report card's "how well" (issue 35) on a fixture with known answers: enrolments of the
 * second quarter of 2026 across Easter, Anzac Day observed (Monday 27 April) and King's Birthday
 * (1 June), one that arrived early on a Friday in New Zealand while it was still Thursday in UTC,
 * and the same quarter of 2025.
 */
let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
const kai = 'whanau_kai_support';
const music = 'musical_therapy';
const quarter = `from=2026-04-01&to=2026-06-30&services=${kai},${music}`;

async function contact(clientId: string | null, serviceKey: string, on: string, present: string[] = []) {
  await buildContact({ clientId, whanauId: clientId ? null : crypto.randomUUID(), on, serviceKey, presentClientIds: present, authorId: manager.user.id });
}

async function enrolment(serviceKey: string, receivedAt: string, clientId: string | null) {
  await buildEnrolment({ serviceKey, receivedAt: new Date(receivedAt), clientId });
}

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2 });
  const [c1, c2, c3, c5, c7] = await Promise.all([1, 2, 3, 5, 7].map(() => buildClient({ createdBy: manager.user.id })));
  // Thursday 2 April, 10:00 NZDT; first kai contact Thursday 9 April: 7, 8, 9 April (Good Friday and Easter Monday skipped) = 3.
  await enrolment(kai, '2026-04-01T21:00:00Z', c1!.id);
  await contact(c1!.id, kai, '2026-04-09');
  // Friday 24 April; Monday 4 May: 28, 29, 30 April, 1 and 4 May (Anzac Day observed skipped) = 5, in time.
  await enrolment(kai, '2026-04-24T04:00:00Z', c2!.id);
  await contact(c2!.id, kai, '2026-05-04');
  // Friday 29 May 09:00 NZST (still Thursday in UTC); a contact before it does not count; Tuesday 9 June = 6 (King's Birthday skipped): late.
  await enrolment(kai, '2026-05-28T21:00:00Z', c3!.id);
  await contact(c3!.id, kai, '2026-05-27');
  await contact(c3!.id, kai, '2026-06-09');
  await contact(c3!.id, kai, '2026-06-10');
  // No client linked yet: not contacted.
  await enrolment(kai, '2026-06-10T00:00:00Z', null);
  // Present at a whānau's visit on the day it arrived: 0.
  await enrolment(kai, '2026-06-12T00:00:00Z', c5!.id);
  await contact(null, kai, '2026-06-12', [c5!.id]);
  // Music therapy: the same client as the first; a kai contact is not a music one; Monday 20 April = 10.
  await enrolment(music, '2026-04-01T21:00:00Z', c1!.id);
  await contact(c1!.id, music, '2026-04-20');
  // Another service's enrolment is not in this card.
  await enrolment('raised_gardens', '2026-04-15T00:00:00Z', null);
  // A year earlier: Thursday 10 April 2025, contacted the next day.
  await enrolment(kai, '2025-04-09T22:00:00Z', c7!.id);
  await contact(c7!.id, kai, '2025-04-11');

  // Follow-ups. One of a music goal, ticked on its day (22:00 NZST): on time.
  const { id: whanauId } = await buildWhanau({ name: 'Card whānau', createdBy: manager.user.id });
  const goalOf = async (serviceKey: string) => (await buildGoal({ whanauId, status: 'in progress', serviceKey, createdBy: manager.user.id })).id;
  const followUp = (due: string, doneAt: string | null, about: { goalId?: string; clientId?: string; whanauId?: string }) =>
    buildFollowUp({ ...about, dueOn: due, assignedTo: manager.user.id, doneAt: doneAt ? new Date(doneAt) : null });
  await followUp('2026-05-10', '2026-05-10T10:00:00Z', { goalId: await goalOf(music) });
  // About the first client (enrolled in both): ticked at 01:30 on the 21st in New Zealand (the 20th in UTC): late, for both services.
  await followUp('2026-05-20', '2026-05-20T13:30:00Z', { clientId: c1!.id });
  // About a whānau whose member is enrolled in kai support: not done.
  await WhanauMember.create({
    id: crypto.randomUUID(),
    whanauId,
    clientId: c2!.id,
    relationship: 'parent',
    relationshipText: null,
    createdBy: manager.user.id,
  });
  await followUp('2026-06-01', null, { whanauId });
  // Done early: on time. Due after the quarter, or of another service's goal: not counted.
  await followUp('2026-06-15', '2026-06-01T00:00:00Z', { clientId: c3!.id });
  await followUp('2026-07-15', null, { clientId: c3!.id });
  await followUp('2026-05-15', null, { goalId: await goalOf('raised_gardens') });
  await followUp('2025-05-01', '2025-04-30T00:00:00Z', { clientId: c7!.id });
});
afterAll(() => api.close());

describe('GET /api/reports/card: how well', () => {
  it('counts enrolments first contacted within 5 working days, the median working days, and follow-ups done by their due date, by service, beside a year earlier', async () => {
    const res = await api.get(`/api/reports/card?${quarter}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2026-04-01', to: '2026-06-30', lastYear: { from: '2025-04-01', to: '2025-06-30' }, services: [music, kai] });
    expect(res.body.howWell).toEqual([
      {
        key: music,
        values: { received: 1, contactedInTime: 0, contacted: 1, medianWorkingDays: 10, followUpsDue: 2, followUpsOnTime: 1 },
        lastYear: { received: 0, contactedInTime: 0, contacted: 0, medianWorkingDays: null, followUpsDue: 0, followUpsOnTime: 0 },
      },
      {
        key: kai,
        values: { received: 5, contactedInTime: 3, contacted: 4, medianWorkingDays: 4, followUpsDue: 3, followUpsOnTime: 1 },
        lastYear: { received: 1, contactedInTime: 1, contacted: 1, medianWorkingDays: 1, followUpsDue: 1, followUpsOnTime: 1 },
      },
      {
        key: 'total',
        values: { received: 6, contactedInTime: 3, contacted: 5, medianWorkingDays: 5, followUpsDue: 4, followUpsOnTime: 2 },
        lastYear: { received: 1, contactedInTime: 1, contacted: 1, medianWorkingDays: 1, followUpsDue: 1, followUpsOnTime: 1 },
      },
    ]);
  });

  it('is for managers, or a kaimahi’s own services with scope=mine; bad periods answer 400 in the contract’s shape', async () => {
    const kaimahi = await buildUser({ access: 1, services: [music] });
    expect((await api.get(`/api/reports/card?${quarter}`, { token: kaimahi.token })).status).toBe(403);
    const mine = await api.get(`/api/reports/card?from=2026-04-01&to=2026-06-30&scope=mine`, { token: kaimahi.token });
    expect(mine.body.services).toEqual([music]);
    expect(mine.body.howWell.map((row: { key: string }) => row.key)).toEqual([music, 'total']);
    const bad = await api.get('/api/reports/card?from=2026-06-30&to=2026-04-01', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ param: 'to' })]);
    expect((await api.get(`/api/reports/card?${quarter}`)).status).toBe(401);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two, and null for none', () => {
    expect(median([6, 0, 3])).toBe(3);
    expect(median([0, 3, 5, 6])).toBe(4);
    expect(median([1, 2])).toBe(1.5);
    expect(median([])).toBeNull();
  });
});
