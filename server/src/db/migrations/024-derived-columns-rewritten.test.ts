import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEnrolment } from '../../../test/factories';
import { migrate } from '../migrate';
import { Whanau } from '../models/whanau';
import { sequelize } from '../sequelize';
import * as derivedColumns from './024-derived-columns-rewritten';

beforeAll(() => migrate());

const select = <Row extends object>(sql: string, id: string) => sequelize.query<Row>(sql, { type: QueryTypes.SELECT, replacements: { id } });

describe('migration 024', () => {
  it('derives the keys, search terms, search text and name keys that an edit left stale, and leaves right rows as they are', async () => {
    const client = await buildClient({ givenName: 'Aroha', familyName: 'Stale', phone: '021 555 0101', email: 'aroha@example.nz' });
    const right = await buildClient({ givenName: 'Tama', familyName: 'Right' });
    const enrolment = await buildEnrolment({ clientId: client.id, givenName: 'Aroha', familyName: 'Stale', phone: '021 555 0101' });
    const whanau = await Whanau.create({ id: crypto.randomUUID(), name: 'Ngā Stale', notes: null, leadClientId: null, createdBy: null, updatedBy: null });
    // What an erasure by `instance.update` used to leave: the fields emptied, the derived columns not.
    await sequelize.query(`UPDATE clients SET "givenName" = '', "familyName" = '', phone = NULL, email = NULL WHERE id = :id`, {
      replacements: { id: client.id },
    });
    await sequelize.query(`UPDATE enrolments SET "givenName" = '', "familyName" = '', phone = NULL WHERE id = :id`, { replacements: { id: enrolment.id } });
    await sequelize.query(`UPDATE whanau SET name = 'Te Whānau' WHERE id = :id`, { replacements: { id: whanau.id } });
    const rightBefore = await select('SELECT * FROM clients WHERE id = :id', right.id);

    await derivedColumns.up({ context: sequelize.getQueryInterface() });

    expect(await select('SELECT "givenKey", "familyKey", "sortName", "phoneKey", "emailKey" FROM clients WHERE id = :id', client.id)).toEqual([
      { givenKey: '', familyKey: '', sortName: ' ', phoneKey: null, emailKey: null },
    ]);
    expect(await select('SELECT term FROM client_search_terms WHERE "clientId" = :id', client.id)).toEqual([]);
    expect(await select('SELECT "searchText" FROM enrolments WHERE id = :id', enrolment.id)).toEqual([{ searchText: '   ' }]);
    expect(await select('SELECT "nameKey" FROM whanau WHERE id = :id', whanau.id)).toEqual([{ nameKey: 'te whanau' }]);
    expect(await select('SELECT * FROM clients WHERE id = :id', right.id)).toEqual(rightBefore);
    expect(
      (await select<{ term: string }>('SELECT term FROM client_search_terms WHERE "clientId" = :id ORDER BY term', right.id)).map((row) => row.term),
    ).toEqual(['right', 'tama']);
  });
});
