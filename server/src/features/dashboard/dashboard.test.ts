import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalogue } from '../../../contract/catalogue';
import { buildClient, buildEnrolment, buildNote } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';

let api: TestApi;
const day = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day);
let manager: Awaited<ReturnType<typeof buildUser>>;
let kaimahi: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  api = await startTestServer();
  manager = await buildUser({ access: 2 });
  kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
  // Whānau Ora Support: 2 new this week, 1 contacted 3 weeks ago, 1 completed 20 weeks ago.
  const linked = await buildClient();
  await buildEnrolment({ serviceKey: 'whanau_ora_support', receivedAt: ago(1), clientId: linked.id });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', receivedAt: ago(2) });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', receivedAt: ago(17), status: 'contacted' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', receivedAt: ago(140), status: 'completed' });
  // Raised Gardens: 1 new this week, with a client and a note the kaimahi may not see.
  const hidden = await buildClient();
  await buildEnrolment({ serviceKey: 'raised_gardens', receivedAt: ago(3), clientId: hidden.id });
  await buildNote({ clientId: hidden.id, authorId: manager.user.id });
  // A client the kaimahi created, with a note this week and one last month.
  const own = await buildClient({ createdBy: kaimahi.user.id });
  await buildNote({ clientId: own.id, authorId: kaimahi.user.id });
  await buildNote({ clientId: own.id, authorId: kaimahi.user.id, createdAt: ago(30) });
});
afterAll(() => api.close());

describe('GET /api/dashboard', () => {
  it('counts only what a kaimahi may see', async () => {
    const res = await api.get('/api/dashboard', { token: kaimahi.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ newEnrolments: 2, receivedLast7Days: 2, clients: 2, notesLast7Days: 1 });
    expect(res.body.byService).toEqual([
      {
        serviceKey: 'whanau_ora_support',
        serviceTitle: serviceCatalogue.find((service) => service.key === 'whanau_ora_support')?.title,
        total: 4,
        byStatus: { new: 2, contacted: 1, enrolled: 0, completed: 1, declined: 0 },
      },
    ]);
    expect(res.body.weekly).toHaveLength(12);
    expect(res.body.weekly.map((week: { count: number }) => week.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2]);
    const starts: string[] = res.body.weekly.map((week: { weekStart: string }) => week.weekStart);
    expect(starts).toEqual([...starts].sort());
  });

  it('counts everything for a manager, every service listed in catalogue order', async () => {
    const res = await api.get('/api/dashboard', { token: manager.token });
    expect(res.body).toMatchObject({ newEnrolments: 3, receivedLast7Days: 3, clients: 2 + 0 + 1, notesLast7Days: 2 });
    expect(res.body.byService.map((service: { serviceKey: string }) => service.serviceKey)).toEqual(serviceCatalogue.map((service) => service.key));
    expect(res.body.byService.find((service: { serviceKey: string }) => service.serviceKey === 'raised_gardens').byStatus.new).toBe(1);
  });

  it('gives the side menu’s count of new enrolments the same as GET /api/enrolments?status=new', async () => {
    const listed = await api.get('/api/enrolments?status=new&pageSize=1', { token: kaimahi.token });
    expect(listed.body.total).toBe(2);
  });

  it('answers 401 without a token', async () => {
    expect((await api.get('/api/dashboard')).status).toBe(401);
  });
});
