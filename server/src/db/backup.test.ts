import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, type TestApi } from '../../test/helpers';
import { backupSqlite } from './backup';

let api: TestApi;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

function countRows(file: string, table: string): Promise<number> {
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
  return new Promise((resolve, reject) =>
    db.get(`SELECT COUNT(*) AS n FROM ${table}`, (error, row: { n: number }) => db.close(() => (error ? reject(error) : resolve(row.n)))),
  );
}

describe.skipIf(process.env.TEST_DB === 'postgres')('backupSqlite', () => {
  it('copies the live database, writes included, while requests carry on', async () => {
    await buildUser({ email: 'backup-check@example.org' });
    const target = path.join(process.env.DATA_DIR ?? '', 'backups', 'copy.sqlite');
    const [file] = await Promise.all([backupSqlite(target), api.get('/api/services'), buildUser()]);
    expect(fs.existsSync(file)).toBe(true);
    expect(await countRows(file, 'services')).toBe(6);
    expect(await countRows(file, 'users')).toBeGreaterThanOrEqual(1);
    await expect(backupSqlite(target)).rejects.toThrow(/already exists/);
  });
});
