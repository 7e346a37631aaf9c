import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildContact, buildEnrolment, buildFollowUp, buildGoal, buildWhanau } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import { Contact, Goal, Whanau } from '../../db/models/whanau';
import readXlsxFile from 'read-excel-file/node';
import { cardShare, cardWords, lastFourQuarters, quarterOf, whanauOraOutcomes } from '../../../contract/report-card';
import { OutcomeRatingRow } from '../../db/models/outcome-rating';
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

const howWellKeys = ['received', 'contactedInTime', 'contacted', 'medianWorkingDays', 'followUpsDue', 'followUpsOnTime'];
const pick = (values: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, values[key]]));

describe('GET /api/reports/card: how well', () => {
  it('counts enrolments first contacted within 5 working days, the median working days, and follow-ups done by their due date, by service, beside a year earlier', async () => {
    const res = await api.get(`/api/reports/card?${quarter}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2026-04-01', to: '2026-06-30', lastYear: { from: '2025-04-01', to: '2025-06-30' }, services: [music, kai] });
    const howWell = (row: { key: string; values: Record<string, unknown>; lastYear: Record<string, unknown> }) => ({
      key: row.key,
      values: pick(row.values, howWellKeys),
      lastYear: pick(row.lastYear, howWellKeys),
    });
    expect(res.body.rows.map(howWell)).toEqual([
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
    expect(mine.body.rows.map((row: { key: string }) => row.key)).toEqual([music, 'total']);
    const bad = await api.get('/api/reports/card?from=2026-06-30&to=2026-04-01', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ param: 'to' })]);
    expect((await api.get(`/api/reports/card?${quarter}`)).status).toBe(401);
  });
});

/**
 * Follow-ups done in the hour from 11:00 UTC on their due day: 00:30 the next day in New Zealand
 * in summer time (late), 23:30 that day in winter (in time); and each side of midnight. Enrolments
 * that arrive in that hour: on the next day in summer, so a contact on their UTC day is before
 * them; on that day in winter.
 */
describe('GET /api/reports/card: follow-ups done and enrolments arriving near midnight in New Zealand', () => {
  const mobile = 'mobile_rangatahi';

  beforeAll(async () => {
    const person = await buildClient({ createdBy: manager.user.id });
    await enrolment(mobile, '2025-11-03T00:00:00Z', person.id);
    const followUp = (due: string, doneAt: string) => buildFollowUp({ clientId: person.id, dueOn: due, assignedTo: manager.user.id, doneAt: new Date(doneAt) });
    // Summer time (UTC+13): 00:30 on Friday 16 January, late; 23:59:59 on Tuesday 20 January, in time.
    await followUp('2026-01-15', '2026-01-15T11:30:00Z');
    await followUp('2026-01-20', '2026-01-20T10:59:59Z');
    // Winter (UTC+12): 23:30 on Thursday 14 May, in time; midnight starting Thursday 21 May, late.
    await followUp('2026-05-14', '2026-05-14T11:30:00Z');
    await followUp('2026-05-20', '2026-05-20T12:00:00Z');
    const [summer, winter] = await Promise.all([1, 2].map(() => buildClient({ createdBy: manager.user.id })));
    // 00:30 on Wednesday 14 January; seen on the 13th (before it) and Friday 16th: 2 working days.
    await enrolment(mobile, '2026-01-13T11:30:00Z', summer!.id);
    await contact(summer!.id, mobile, '2026-01-13');
    await contact(summer!.id, mobile, '2026-01-16');
    // 23:30 on Tuesday 12 May, seen that day: 0.
    await enrolment(mobile, '2026-05-12T11:30:00Z', winter!.id);
    await contact(winter!.id, mobile, '2026-05-12');
  });

  it('counts an enrolment from its New Zealand day, summer or winter', async () => {
    const res = await api.get(`/api/reports/card?from=2026-01-01&to=2026-06-30&services=${mobile}`, { token: manager.token });
    expect(pick(res.body.rows[0].values, howWellKeys.slice(0, 4))).toEqual({ received: 2, contactedInTime: 2, contacted: 2, medianWorkingDays: 1 });
  });

  it('counts a follow-up in time by its New Zealand day, summer or winter, for the period and each quarter', async () => {
    const res = await api.get(`/api/reports/card?from=2026-01-01&to=2026-06-30&services=${mobile}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(
      res.body.rows.map((row: { key: string; values: Record<string, unknown> }) => [row.key, pick(row.values, ['followUpsDue', 'followUpsOnTime'])]),
    ).toEqual([
      [mobile, { followUpsDue: 4, followUpsOnTime: 2 }],
      ['total', { followUpsDue: 4, followUpsOnTime: 2 }],
    ]);
    expect(
      res.body.trend.map((quarter: { from: string; values: Record<string, unknown> }) => [
        quarter.from,
        pick(quarter.values, ['followUpsDue', 'followUpsOnTime']),
      ]),
    ).toEqual([
      ['2025-07-01', { followUpsDue: 0, followUpsOnTime: 0 }],
      ['2025-10-01', { followUpsDue: 0, followUpsOnTime: 0 }],
      ['2026-01-01', { followUpsDue: 2, followUpsOnTime: 1 }],
      ['2026-04-01', { followUpsDue: 2, followUpsOnTime: 1 }],
    ]);
  });
});

/**
 * How much, a plan in time, better off and goals due, on Whānau Ora support in the third quarter
 * of 2026: four whānau (one first seen in March), ratings that rise, stay and fall, and one after
 * the quarter that does not count.
 */
describe('GET /api/reports/card: how much, plans, better off, goals and the trend', () => {
  const ora = 'whanau_ora_support';
  let card: Record<string, unknown> & { rows: { key: string; values: Record<string, unknown>; lastYear: Record<string, unknown> }[] };

  beforeAll(async () => {
    const people = await Promise.all([1, 2, 3].map(() => buildClient({ createdBy: manager.user.id })));
    const whanauOf = async (name: string) =>
      (await Whanau.create({ id: crypto.randomUUID(), name, leadClientId: null, notes: null, createdBy: manager.user.id, updatedBy: null })).id;
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((name) => whanauOf(`Whānau ${name}`)));
    const visit = (whanauId: string, on: string, present: string[] = []) =>
      Contact.create({
        id: crypto.randomUUID(),
        clientId: null,
        whanauId,
        on,
        kind: 'home visit',
        minutes: 60,
        serviceKey: ora,
        presentClientIds: present,
        goalIds: [],
        summary: 'A visit',
        authorId: manager.user.id,
      });
    const goal = (whanauId: string, writtenAt: string, targetDate: string | null, status: 'achieved' | 'in progress', area: 'housing' | 'income') =>
      Goal.create({
        id: crypto.randomUUID(),
        whanauId,
        clientId: null,
        area,
        text: 'A goal',
        status,
        targetDate,
        serviceKey: ora,
        createdBy: manager.user.id,
        writtenAt: new Date(writtenAt),
      });
    const rating = (whanauId: string, on: string, scores: number[]) =>
      OutcomeRatingRow.create({
        id: crypto.randomUUID(),
        whanauId,
        clientId: null,
        recordedBy: manager.user.id,
        on,
        ...(Object.fromEntries(whanauOraOutcomes.map((key, index) => [key, scores[index]!])) as Record<(typeof whanauOraOutcomes)[number], number>),
      });
    // A: first seen 6 July with two people; a goal written 5 August (30 days: in time), achieved by its date; rose on the first outcome, fell on the third.
    await visit(a!, '2026-07-06', [people[0]!.id, people[1]!.id]);
    await goal(a!, '2026-08-05T00:00:00Z', '2026-08-31', 'achieved', 'housing');
    await goal(a!, '2026-08-05T00:00:00Z', '2026-10-10', 'in progress', 'housing');
    await rating(a!, '2026-07-06', [3, 3, 3, 3, 3, 3, 3]);
    await rating(a!, '2026-09-20', [4, 3, 2, 3, 3, 3, 3]);
    // B: first seen 10 August; its goal written 10 September (31 days: late), due the 15th and not achieved; the same twice, then higher after the quarter.
    await visit(b!, '2026-08-10', [people[2]!.id]);
    await goal(b!, '2026-09-10T00:00:00Z', '2026-09-15', 'in progress', 'income');
    await rating(b!, '2026-08-10', [2, 2, 2, 2, 2, 2, 2]);
    await rating(b!, '2026-09-01', [2, 2, 2, 2, 2, 2, 2]);
    await rating(b!, '2026-10-05', [5, 5, 5, 5, 5, 5, 5]);
    // C: first seen in March, again in July: served, not started; one rating only.
    await visit(c!, '2026-03-02');
    await visit(c!, '2026-07-15');
    await rating(c!, '2026-07-15', [1, 1, 1, 1, 1, 1, 1]);
    // D: first seen 29 September, no goal yet.
    await visit(d!, '2026-09-29');
    card = (await api.get(`/api/reports/card?from=2026-07-01&to=2026-09-30&services=${ora}`, { token: manager.token })).body;
  });

  it('counts whānau and people served, contacts and minutes; whānau started and those with a plan within 30 days; rated whānau and those who rose; goals due and achieved', () => {
    const zeroYear = expect.objectContaining({ whanau: 0, people: 0, contacts: 0, whanauStarted: 0, whanauRated: 0, goalsDue: 0 });
    const quarter = {
      whanau: 4,
      people: 3,
      contacts: 4,
      minutes: 240,
      whanauStarted: 3,
      whanauWithPlan: 1,
      whanauRated: 2,
      whanauRose: 1,
      goalsDue: 2,
      goalsAchieved: 1,
    };
    expect(card.rows).toEqual([
      { key: ora, values: expect.objectContaining(quarter), lastYear: zeroYear },
      { key: 'total', values: expect.objectContaining(quarter), lastYear: zeroYear },
    ]);
  });

  it('says for each outcome how many rated whānau rose, stayed and fell, and the goals due by area', () => {
    expect(card.outcomes).toEqual([
      { key: 'selfManaging', rose: 1, stayed: 1, fell: 0 },
      { key: 'healthyLifestyles', rose: 0, stayed: 2, fell: 0 },
      { key: 'participatingInSociety', rose: 0, stayed: 1, fell: 1 },
      ...['teAoMaori', 'economicallySecure', 'cohesiveResilientNurturing', 'stewardsOfEnvironment'].map((key) => ({ key, rose: 0, stayed: 2, fell: 0 })),
    ]);
    const areas = card.goalAreas as { key: string; values: { due: number; achieved: number } }[];
    expect(areas.filter((row) => row.values.due > 0)).toEqual([
      { key: 'housing', values: { due: 1, achieved: 1 }, lastYear: { due: 0, achieved: 0 } },
      { key: 'income', values: { due: 1, achieved: 0 }, lastYear: { due: 0, achieved: 0 } },
      { key: 'total', values: { due: 2, achieved: 1 }, lastYear: { due: 0, achieved: 0 } },
    ]);
  });

  it('draws the last four quarters up to the period’s: March’s first visit in 2026 Q1, the rest in Q3', () => {
    const trend = card.trend as { label: string; from: string; to: string; values: Record<string, number> }[];
    expect(trend.map(({ label, from, to }) => ({ label, from, to }))).toEqual([
      { label: '2025 Q4', from: '2025-10-01', to: '2025-12-31' },
      { label: '2026 Q1', from: '2026-01-01', to: '2026-03-31' },
      { label: '2026 Q2', from: '2026-04-01', to: '2026-06-30' },
      { label: '2026 Q3', from: '2026-07-01', to: '2026-09-30' },
    ]);
    expect(trend.map((quarter) => [quarter.values.whanau, quarter.values.whanauStarted, quarter.values.whanauRated])).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [0, 0, 0],
      [4, 3, 2],
    ]);
  });
});

/**
 * The card as a spreadsheet, read back with a library: Active Rangatahi Project in the third
 * quarter of 2025, the only service with work then, so every other set's card is empty.
 */
describe('GET /api/reports/card.xlsx', () => {
  const rangatahi = 'active_rangatahi_project';
  const query = `from=2025-07-01&to=2025-09-30&services=${rangatahi}`;

  beforeAll(async () => {
    for (let index = 0; index < 8; index += 1) {
      const person = await buildClient({ createdBy: manager.user.id });
      const { id: whanauId } = await Whanau.create({
        id: crypto.randomUUID(),
        name: `Rōpū ${index}`,
        leadClientId: null,
        notes: null,
        createdBy: manager.user.id,
        updatedBy: null,
      });
      const day = `2025-08-${String(index + 4).padStart(2, '0')}`;
      // Six arrive as enrolments that morning and are seen that day: 0 working days.
      if (index < 6) await enrolment(rangatahi, `${day}T00:00:00Z`, person.id);
      await Contact.create({
        id: crypto.randomUUID(),
        clientId: null,
        whanauId,
        on: day,
        kind: 'home visit',
        minutes: 60,
        serviceKey: rangatahi,
        presentClientIds: [person.id],
        goalIds: [],
        summary: 'A visit',
        authorId: manager.user.id,
      });
      await Goal.create({
        id: crypto.randomUUID(),
        whanauId,
        clientId: null,
        area: 'education',
        text: 'A goal',
        status: index < 6 ? 'achieved' : 'in progress',
        targetDate: '2025-09-30',
        serviceKey: rangatahi,
        createdBy: manager.user.id,
        writtenAt: new Date(`${day}T01:00:00Z`),
      });
      // Six rated twice: five rose on the first outcome, one stayed.
      if (index < 6) {
        const scores = (first: number) =>
          Object.fromEntries(whanauOraOutcomes.map((key, at) => [key, at === 0 ? first : 3])) as Record<(typeof whanauOraOutcomes)[number], number>;
        await OutcomeRatingRow.create({ id: crypto.randomUUID(), whanauId, clientId: null, recordedBy: manager.user.id, on: day, ...scores(2) });
        await OutcomeRatingRow.create({
          id: crypto.randomUUID(),
          whanauId,
          clientId: null,
          recordedBy: manager.user.id,
          on: '2025-09-20',
          ...scores(index < 5 ? 4 : 2),
        });
      }
    }
  });

  it('holds the card a sheet per table, figures as numbers, small ones marked, with a notes sheet', async () => {
    const res = await api.get(`/api/reports/card.xlsx?${query}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report-card-2025-07-01-to-2025-09-30.xlsx"');
    const sheets = await readXlsxFile(res.bytes);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Card', 'How much', 'How well', 'Better off', 'Outcomes', 'Goals by area', 'Trend', 'Notes']);
    const card = sheets[0]!.data;
    expect(card[0]).toEqual(['Figure', 'What it counts', '2025-07-01 to 2025-09-30', '2024-07-01 to 2024-09-30']);
    expect(card.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([
      ['Whānau served', 8, 0],
      ['People served', 8, 0],
      ['Contacts', 8, 0],
      ['Hours', 8, 0],
      ['Enrolments received', 6, 0],
      ['First contact within 5 working days (%)', 100, null],
      ['Median working days to first contact', 0, null],
      ['Follow-ups done on time (%)', null, null],
      ['Whānau with a plan within 30 days (%)', 100, null],
      ['Whānau better off (%)', 83, null],
      ['Goals achieved (%)', 75, null],
    ]);
    expect(card[10]![1]).toBe(cardWords.whanauRose.counts);
    // One of three parts of a known whole is small: the smallest other is hidden too.
    const outcomes = sheets.find((sheet) => sheet.sheet === 'Outcomes')!.data;
    expect(outcomes[1]).toEqual(['Self-managing', 'S', '<5', 0]);
    expect(outcomes[2]).toEqual(['Living healthy lifestyles', 0, 6, 0]);
    const notes = sheets.find((sheet) => sheet.sheet === 'Notes')!.data.flat();
    expect(notes).toContain(cardWords.goalsAchieved.counts);
    expect(notes).toContain('S (%)');
  });

  it('hides a share over fewer than 5 as S and a count of 1 to 4 as <5, for managers too', async () => {
    const res = await api.get('/api/reports/card.xlsx?from=2026-07-01&to=2026-09-30&services=whanau_ora_support', { token: manager.token });
    const card = (await readXlsxFile(res.bytes))[0]!.data;
    expect(card.slice(1).map((row) => [row[0], row[2]])).toEqual([
      ['Whānau served', '<5'],
      ['People served', '<5'],
      ['Contacts', '<5'],
      ['Hours', 'S'],
      ['Enrolments received', 0],
      ['First contact within 5 working days (%)', null],
      ['Median working days to first contact', null],
      ['Follow-ups done on time (%)', null],
      ['Whānau with a plan within 30 days (%)', 'S'],
      ['Whānau better off (%)', 'S'],
      ['Goals achieved (%)', 'S'],
    ]);
  });

  it('is for a whole period and one service or all, in the contract’s error shape; a kaimahi exports their own', async () => {
    const partial = await api.get(`/api/reports/card.xlsx?from=2025-07-02&to=2025-09-30&services=${rangatahi}`, { token: manager.token });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual([expect.objectContaining({ param: 'from' })]);
    const two = await api.get(`/api/reports/card.xlsx?from=2025-07-01&to=2025-09-30&services=${rangatahi},${kai}`, { token: manager.token });
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual([expect.objectContaining({ param: 'services' })]);
    expect((await api.get(`/api/reports/card.xlsx?${query}`)).status).toBe(401);
    const kaimahi = await buildUser({ access: 1, services: [rangatahi] });
    expect((await api.get(`/api/reports/card.xlsx?${query}`, { token: kaimahi.token })).status).toBe(403);
    const own = await api.get(`/api/reports/card.xlsx?${query}&scope=mine`, { token: kaimahi.token });
    expect(own.status).toBe(200);
    expect((await readXlsxFile(own.bytes))[0]!.data[1]).toEqual(['Whānau served', cardWords.whanau.counts, 8, 0]);
  });
});

describe('cardShare and the quarters', () => {
  it('gives a whole percentage, null over nothing, and S over fewer than 5 where small shares are hidden', () => {
    expect(cardShare(3, 4, false)).toBe(75);
    expect(cardShare(3, 4, true)).toBe('S');
    expect(cardShare(2, 5, true)).toBe(40);
    expect(cardShare(0, 0, true)).toBeNull();
  });

  it('counts back four calendar quarters across a new year', () => {
    expect(lastFourQuarters('2026-02-14').map((quarter) => quarter.label)).toEqual(['2025 Q2', '2025 Q3', '2025 Q4', '2026 Q1']);
    expect(quarterOf('2024-11-30')).toEqual({ label: '2024 Q4', from: '2024-10-01', to: '2024-12-31' });
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
