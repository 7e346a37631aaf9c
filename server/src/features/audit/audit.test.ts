import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nzToday } from '../../../contract/nz-days';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2, name: 'Privacy Officer' });
});
afterAll(() => api.close());

type TrailEvent = { action: string; entity: string; entityId: string; actorId: string; actorName: string; details?: Record<string, string> };

/** What the manager's audit screen shows for one person's actions, newest first. */
async function trailOf(actorId: string, extra = ''): Promise<TrailEvent[]> {
  const res = await api.get(`/api/audit?actor=${actorId}${extra}`, { token: manager.token });
  expect(res.status).toBe(200);
  return res.body.items;
}

describe('bulk reads are on the trail', () => {
  it('records a client list or search with the query and the count, never the results', async () => {
    const kaimahi = await buildUser({ access: 1, name: 'Searching Kaimahi', services: ['whanau_ora_support'] });
    const marker = `Searchable${crypto.randomUUID().slice(0, 8)}`;
    for (const givenName of ['Aroha', 'Mere']) {
      const client = await buildClient({ givenName, familyName: marker, phone: '021 555 0101' });
      await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id });
    }
    const found = await api.get(`/api/clients?q=${marker}&service=whanau_ora_support`, { token: kaimahi.token });
    expect(found.body.total).toBe(2);
    await api.get('/api/clients?pageSize=1', { token: kaimahi.token });

    const [browse, search] = await trailOf(kaimahi.user.id);
    expect(search).toMatchObject({
      action: 'list',
      entity: 'clients',
      entityId: kaimahi.user.id,
      actorName: 'Searching Kaimahi',
      details: { q: marker, service: 'whanau_ora_support', page: '1', count: '2', total: '2' },
    });
    expect(browse).toMatchObject({ action: 'list', entity: 'clients', details: { page: '1', count: expect.any(String) } });
    expect(JSON.stringify([browse, search])).not.toContain('Aroha');
    // The whole number: a short run of digits could be part of an event's random id.
    expect(JSON.stringify([browse, search])).not.toContain('021 555 0101');
  });

  it('records a duplicates search and an enrolment list the same way', async () => {
    const kaimahi = await buildUser({ access: 1, services: ['raised_gardens'] });
    const client = await buildClient({ createdBy: kaimahi.user.id, phone: '021 555 0202' });
    const enrolment = await buildEnrolment({ serviceKey: 'raised_gardens' });
    await api.get(`/api/clients/${client.id}/duplicates`, { token: kaimahi.token });
    await api.get(`/api/clients/duplicates?enrolment=${enrolment.id}`, { token: kaimahi.token });
    await api.get('/api/enrolments?status=new&q=Rawiri', { token: kaimahi.token });
    const [enrolments, byEnrolment, byClient] = await trailOf(kaimahi.user.id);
    expect(byClient).toMatchObject({ action: 'list', entity: 'clients', details: { duplicatesOfClient: client.id, count: '0' } });
    expect(byEnrolment).toMatchObject({ action: 'list', entity: 'clients', details: { duplicatesOfEnrolment: enrolment.id } });
    expect(enrolments).toMatchObject({ action: 'list', entity: 'enrolments', details: { q: 'Rawiri', status: 'new', page: '1' } });
    expect(Number(enrolments?.details?.count)).toBeGreaterThanOrEqual(1);
  });

  it('records a caseload download with the count of clients and notes, and not a poll that sends none', async () => {
    const kaimahi = await buildUser({ access: 1, services: [] });
    const clients = await Promise.all([1, 2, 3].map(() => buildClient({ createdBy: kaimahi.user.id })));
    for (const client of clients) await buildNote({ clientId: client.id, authorId: kaimahi.user.id });
    await buildNote({ clientId: clients[0]!.id, authorId: kaimahi.user.id });
    const first = await api.get('/api/clients/caseload', { token: kaimahi.token });
    expect(first.body.clients).toHaveLength(3);
    const again = await api.get(`/api/clients/caseload?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { token: kaimahi.token });
    expect(again.body.clients).toEqual([]);
    const events = await trailOf(kaimahi.user.id, '&action=caseload');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'caseload', entity: 'clients', entityId: kaimahi.user.id, details: { count: '3', notes: '4' } });
  });

  it('keeps bulk reads off a client’s own trail', async () => {
    const client = await buildClient({ createdBy: manager.user.id, familyName: `Own${crypto.randomUUID().slice(0, 6)}` });
    await api.get(`/api/clients?q=${client.familyName}`, { token: manager.token });
    await api.get(`/api/clients/${client.id}`, { token: manager.token });
    const own = await api.get(`/api/clients/${client.id}/audit`, { token: manager.token });
    expect(own.body.items.map((event: TrailEvent) => event.action)).toEqual(['view']);
  });
});

describe('GET /api/audit', () => {
  it('filters by person, action and period, newest first and paged', async () => {
    const kaimahi = await buildUser({ access: 1, name: 'Filtered Kaimahi' });
    const client = await buildClient({ createdBy: kaimahi.user.id });
    await api.get(`/api/clients/${client.id}`, { token: kaimahi.token });
    await api.get('/api/clients', { token: kaimahi.token });
    await api.get(`/api/clients/${client.id}`, { token: kaimahi.token });
    // Days are New Zealand days: late in the UTC evening it is already tomorrow there.
    const today = nzToday();
    const views = await api.get(`/api/audit?actor=${kaimahi.user.id}&action=view&from=${today}&to=${today}&pageSize=1`, { token: manager.token });
    expect(views.status).toBe(200);
    expect(views.headers.get('cache-control')).toBe('no-store');
    expect(views.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(views.body.items).toEqual([expect.objectContaining({ action: 'view', entityId: client.id, actorName: 'Filtered Kaimahi' })]);
    const yesterday = nzToday(Date.now() - 86_400_000);
    const before = await api.get(`/api/audit?actor=${kaimahi.user.id}&to=${yesterday}`, { token: manager.token });
    expect(before.body).toEqual({ items: [], total: 0, page: 1, pageSize: 50, routineHidden: 0 });
  });

  it('leaves routine reads out when asked, counting them, and shows them when they are the action asked for', async () => {
    const kaimahi = await buildUser({ access: 1, services: ['raised_gardens'] });
    const client = await buildClient({ createdBy: kaimahi.user.id });
    await api.get('/api/clients', { token: kaimahi.token });
    await api.get('/api/clients/caseload', { token: kaimahi.token });
    await api.get(`/api/clients/${client.id}`, { token: kaimahi.token });
    await api.get('/api/enrolments?q=Hemi', { token: kaimahi.token });

    const all = await api.get(`/api/audit?actor=${kaimahi.user.id}`, { token: manager.token });
    expect(all.body.items.map((event: TrailEvent) => event.action)).toEqual(['list', 'view', 'caseload', 'list']);
    expect(all.body.routineHidden).toBe(0);
    const records = await api.get(`/api/audit?actor=${kaimahi.user.id}&routine=hide`, { token: manager.token });
    expect(records.body).toMatchObject({ total: 1, routineHidden: 3 });
    expect(records.body.items).toEqual([expect.objectContaining({ action: 'view', entityId: client.id })]);
    const downloads = await api.get(`/api/audit?actor=${kaimahi.user.id}&routine=hide&action=caseload`, { token: manager.token });
    expect(downloads.body).toMatchObject({ total: 1, routineHidden: 0, items: [expect.objectContaining({ action: 'caseload' })] });
  });

  it('answers 400 listing every bad filter, and 403 to a kaimahi', async () => {
    const bad = await api.get('/api/audit?actor=someone&action=peek&from=yesterday&page=0&routine=maybe', { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['action', 'actor', 'from', 'page', 'routine']);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ msg: 'No audit action has that name', param: 'action' }));
    const backwards = await api.get('/api/audit?from=2026-11-02&to=2026-11-01', { token: manager.token });
    expect(backwards.body).toEqual({ errors: [expect.objectContaining({ msg: 'To must not be before from', param: 'to' })] });
    const kaimahi = await buildUser({ access: 1 });
    expect((await api.get('/api/audit', { token: kaimahi.token })).status).toBe(403);
  });
});

describe('GET /api/audit/export', () => {
  it('gives a period of the trail as CSV, oldest first, itself on the trail', async () => {
    const officer = await buildUser({ access: 2, name: 'Export Officer' });
    const client = await buildClient({ createdBy: officer.user.id });
    await api.get(`/api/clients/${client.id}`, { token: officer.token });
    const today = nzToday();
    const res = await api.get(`/api/audit/export?from=${today}&to=${today}`, { token: officer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="audit-${today}-${today}.csv"`);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('"id","at","actorId","actorName","action","entity","entityId","fields","details"');
    const mine = lines.filter((line) => line.includes(officer.user.id));
    expect(mine.map((line) => line.split(',')[4])).toEqual(['"view"', '"export"']);
    const trail = await trailOf(officer.user.id, '&action=export');
    expect(trail[0]).toMatchObject({ entity: 'audit', details: { format: 'csv', from: today, to: today } });
  });

  it('needs both ends of the period (400, every problem listed, nothing recorded)', async () => {
    const officer = await buildUser({ access: 2 });
    const res = await api.get('/api/audit/export?to=soon', { token: officer.token });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['from', 'to']);
    expect(await trailOf(officer.user.id)).toEqual([]);
  });
});
