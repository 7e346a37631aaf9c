import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { buildUser } from '../../../test/helpers';
import { migrate } from '../migrate';
import { sequelize } from '../sequelize';
import * as noteServices from './012-note-services';

beforeAll(() => migrate());

/** A note as it was stored before migration 012: no service, not shared. */
async function oldNote(clientId: string, authorId: string): Promise<string> {
  const id = crypto.randomUUID();
  await sequelize.query('INSERT INTO case_notes (id, "clientId", "authorId", text, "createdAt") VALUES (:id, :clientId, :authorId, :text, :at)', {
    replacements: { id, clientId, authorId, text: 'Written before notes had a service', at: new Date() },
  });
  return id;
}

describe('migration 012: existing notes get the service they were most likely written under', () => {
  it('takes the author’s own service among the client’s enrolments, else the earliest enrolment, else shares it', async () => {
    const qi = sequelize.getQueryInterface();
    await noteServices.down({ context: qi });
    const gardens = await buildUser({ services: ['raised_gardens'] });
    const manager = await buildUser({ access: 2, services: [] });
    const both = await buildClient();
    await buildEnrolment({ serviceKey: 'whanau_ora_support', clientId: both.id, receivedAt: new Date(Date.now() - 60_000) });
    await buildEnrolment({ serviceKey: 'raised_gardens', clientId: both.id });
    const alone = await buildClient({ createdBy: gardens.user.id });
    const byGardens = await oldNote(both.id, gardens.user.id);
    const byManager = await oldNote(both.id, manager.user.id);
    const noEnrolment = await oldNote(alone.id, gardens.user.id);

    await noteServices.up({ context: qi });
    const rows = await sequelize.query<{ id: string; serviceKey: string | null; shared: number | boolean }>('SELECT id, "serviceKey", shared FROM case_notes', {
      type: QueryTypes.SELECT,
    });
    const byId = new Map(rows.map((row) => [row.id, { serviceKey: row.serviceKey, shared: Boolean(row.shared) }]));
    expect(byId.get(byGardens)).toEqual({ serviceKey: 'raised_gardens', shared: false });
    expect(byId.get(byManager)).toEqual({ serviceKey: 'whanau_ora_support', shared: false });
    expect(byId.get(noEnrolment)).toEqual({ serviceKey: null, shared: true });
  });
});
