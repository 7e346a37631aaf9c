import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { Whanau } from '../models/whanau';
import { sequelize } from '../sequelize';
import * as writtenAt from './027-written-at';

beforeAll(() => migrate());

describe('migration 027: when a record was written', () => {
  it('gives every record made before it writtenAt = createdAt, and keeps the tables’ triggers when undone', async () => {
    const qi = sequelize.getQueryInterface();
    await writtenAt.down({ context: qi });
    const id = crypto.randomUUID();
    // As Sequelize stores a date on SQLite.
    const createdAt = sequelize.getDialect() === 'postgres' ? '2026-03-04T05:06:07.000Z' : '2026-03-04 05:06:07.000 +00:00';
    await sequelize.query(
      `INSERT INTO whanau (id, name, "nameKey", version, "fieldVersions", "createdAt", "updatedAt") VALUES (:id, 'Te Whānau o Mua', 'te whanau o mua', 1, '{}', :createdAt, :createdAt)`,
      { replacements: { id, createdAt } },
    );
    await writtenAt.up({ context: qi });
    expect((await Whanau.findByPk(id))?.writtenAt.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    // Migration 023's triggers on contacts are still there after the column went and came back.
    if (sequelize.getDialect() === 'sqlite') {
      const triggers = await sequelize.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'contacts'", {
        type: QueryTypes.SELECT,
      });
      expect(triggers.length).toBeGreaterThan(0);
    }
  });
});
