import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser } from '../../../test/helpers';
import { migrate } from '../migrate';
import { sequelize } from '../sequelize';
import * as whanauNotesService from './025-whanau-notes-service';

beforeAll(() => migrate());

/** A whānau as stored before migration 025: notes with no service and no writer. */
async function oldWhanau(createdBy: string, notes: string | null, memberIds: string[]): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date();
  await sequelize.query(
    'INSERT INTO whanau (id, name, "nameKey", notes, version, "fieldVersions", "createdBy", "updatedBy", "createdAt", "updatedAt") VALUES (:id, :name, :name, :notes, 1, :fv, :by, :by, :at, :at)',
    { replacements: { id, name: 'rewi', notes, fv: '{}', by: createdBy, at } },
  );
  for (const clientId of memberIds) {
    await sequelize.query(
      'INSERT INTO whanau_members (id, "whanauId", "clientId", relationship, "createdAt", "updatedAt") VALUES (:id, :whanauId, :clientId, :rel, :at, :at)',
      { replacements: { id: crypto.randomUUID(), whanauId: id, clientId, rel: 'other', at } },
    );
  }
  return id;
}

describe('migration 025: existing whānau notes get the service they were most likely written under', () => {
  it('takes the writer’s own service among the members’ enrolments, else the writer’s first, else the members’ earliest', async () => {
    const qi = sequelize.getQueryInterface();
    await whanauNotesService.down({ context: qi });
    const both = await buildUser({ services: ['raised_gardens', 'whanau_ora_support'] });
    const gardens = await buildUser({ services: ['raised_gardens'] });
    const manager = await buildUser({ access: 2, services: [] });
    const client = await buildClient();
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: client.id, receivedAt: new Date(Date.now() - 60_000) });
    const byBoth = await oldWhanau(both.user.id, 'Koro’s health', [client.id]);
    const byGardens = await oldWhanau(gardens.user.id, 'Garden beds', [client.id]);
    const byManager = await oldWhanau(manager.user.id, 'Hui notes', [client.id]);
    const none = await oldWhanau(gardens.user.id, null, [client.id]);

    await whanauNotesService.up({ context: qi });
    const rows = await sequelize.query<{ id: string; notesServiceKey: string | null; notesBy: string | null }>(
      'SELECT id, "notesServiceKey", "notesBy" FROM whanau',
      {
        type: QueryTypes.SELECT,
      },
    );
    const byId = new Map(rows.map((row) => [row.id, { serviceKey: row.notesServiceKey, by: row.notesBy }]));
    expect(byId.get(byBoth)).toEqual({ serviceKey: 'whanau_ora_support', by: both.user.id });
    expect(byId.get(byGardens)).toEqual({ serviceKey: 'raised_gardens', by: gardens.user.id });
    expect(byId.get(byManager)).toEqual({ serviceKey: 'whanau_ora_support', by: manager.user.id });
    expect(byId.get(none)).toEqual({ serviceKey: null, by: null });
  });
});
