import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser, startTestServer, type TestApi } from '../../../test/helpers';
import type { Client } from '../../db/models/client';

let api: TestApi;
let gardens: Awaited<ReturnType<typeof buildUser>>;
let whanauOra: Awaited<ReturnType<typeof buildUser>>;
let manager: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  api = await startTestServer();
  gardens = await buildUser({ access: 1, name: 'Ani Gardens', services: ['raised_gardens'] });
  whanauOra = await buildUser({ access: 1, name: 'Hemi Whānau Ora', services: ['whanau_ora_support'] });
  manager = await buildUser({ access: 2, name: 'Mere Manager' });
});
afterAll(() => api.close());

/** A person both services work with. */
async function sharedClient(): Promise<Client> {
  const client = await buildClient({ givenName: 'Shared', familyName: 'Person' });
  await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id, receivedAt: new Date(Date.now() - 60_000) });
  await buildEnrolment({ serviceKey: 'raised_gardens', clientId: client.id });
  return client;
}

async function addNote(token: string, clientId: string, text: string) {
  const res = await api.post(`/api/clients/${clientId}/notes`, { token, json: { _id: crypto.randomUUID(), text } });
  expect(res.status).toBe(201);
  return res.body as { _id: string; serviceKey: string | null; shared: boolean };
}

type NoteBody = { text: string; serviceKey: string | null; shared: boolean };
const notesSeenBy = async (token: string, clientId: string): Promise<string[]> =>
  ((await api.get(`/api/clients/${clientId}`, { token })).body.caseNotes as NoteBody[]).map((note) => note.text);

describe('case notes stay within their service', () => {
  it('writes each note under the writer’s service, and a kaimahi of another service does not see it', async () => {
    const client = await sharedClient();
    const ours = await addNote(whanauOra.token, client.id, 'Talked about the housing plan');
    const theirs = await addNote(gardens.token, client.id, 'Dropped off seedlings');
    expect(ours).toMatchObject({ serviceKey: 'whanau_ora_support', shared: false });
    expect(theirs).toMatchObject({ serviceKey: 'raised_gardens', shared: false });

    expect(await notesSeenBy(whanauOra.token, client.id)).toEqual(['Talked about the housing plan']);
    expect(await notesSeenBy(gardens.token, client.id)).toEqual(['Dropped off seedlings']);
    expect((await notesSeenBy(manager.token, client.id)).sort()).toEqual(['Dropped off seedlings', 'Talked about the housing plan']);
  });

  it('keeps another service’s notes out of the caseload download and the dashboard count', async () => {
    const client = await sharedClient();
    const before = (await api.get('/api/dashboard', { token: gardens.token })).body.notesLast7Days;
    await addNote(whanauOra.token, client.id, 'Private to Whānau Ora');
    expect((await api.get('/api/dashboard', { token: gardens.token })).body.notesLast7Days).toBe(before);
    const caseload = await api.get('/api/clients/caseload', { token: gardens.token });
    const page = caseload.body.clients.find((row: { _id: string }) => row._id === client.id);
    expect(page.caseNotes.map((note: NoteBody) => note.text)).not.toContain('Private to Whānau Ora');
    expect(JSON.stringify(caseload.body)).not.toContain('Private to Whānau Ora');
    const since = new Date(Date.now() - 5_000).toISOString();
    await addNote(whanauOra.token, client.id, 'Another private one');
    const changed = await api.get(`/api/clients/caseload?since=${encodeURIComponent(since)}`, { token: gardens.token });
    expect(JSON.stringify(changed.body.clients)).not.toContain('private one');
  });
});

describe('POST /api/clients/{id}/notes/{noteId}/share', () => {
  it('lets the writer share a note with every kaimahi working with the person, on the trail', async () => {
    const client = await sharedClient();
    const note = await addNote(whanauOra.token, client.id, 'Whānau hui next Tuesday, all welcome');
    const shared = await api.post(`/api/clients/${client.id}/notes/${note._id}/share`, { token: whanauOra.token });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ _id: note._id, serviceKey: 'whanau_ora_support', shared: true, authorName: 'Hemi Whānau Ora' });
    expect(await notesSeenBy(gardens.token, client.id)).toEqual(['Whānau hui next Tuesday, all welcome']);
    // Again: the same answer and no second event.
    expect((await api.post(`/api/clients/${client.id}/notes/${note._id}/share`, { token: whanauOra.token })).status).toBe(200);
    const trail = await api.get(`/api/clients/${client.id}/audit`, { token: manager.token });
    const sharing = trail.body.items.filter((event: { entityId: string; action: string }) => event.entityId === note._id && event.action === 'update');
    expect(sharing).toEqual([expect.objectContaining({ entity: 'note', fields: ['shared'], actorName: 'Hemi Whānau Ora' })]);
  });

  it('answers 404 to someone who cannot see the note, 403 to someone else who can, and 400 for bad ids, changing nothing', async () => {
    const client = await sharedClient();
    const note = await addNote(whanauOra.token, client.id, 'Only ours for now');
    const hidden = await api.post(`/api/clients/${client.id}/notes/${note._id}/share`, { token: gardens.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ errors: [{ msg: 'Note not found', code: 'not_found' }] });
    const notWriter = await api.post(`/api/clients/${client.id}/notes/${note._id}/share`, { token: manager.token });
    expect(notWriter.status).toBe(403);
    expect(notWriter.body).toEqual({ errors: [{ msg: 'Only the note’s writer can share it', code: 'forbidden' }] });
    const bad = await api.post(`/api/clients/not-an-id/notes/nor-this/share`, { token: whanauOra.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { param: string }) => error.param).sort()).toEqual(['id', 'noteId']);
    const otherClient = await sharedClient();
    expect((await api.post(`/api/clients/${otherClient.id}/notes/${note._id}/share`, { token: whanauOra.token })).status).toBe(404);
    expect(await notesSeenBy(gardens.token, client.id)).toEqual([]);
  });
});
