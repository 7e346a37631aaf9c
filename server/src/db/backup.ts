import fs from 'node:fs';
import path from 'node:path';
import { sequelize } from './sequelize';

/**
 * Writes a consistent copy of the live SQLite database to `target` with `VACUUM INTO`: safe
 * while the server is running and writing (WAL), and the copy is compact and self-contained.
 */
export async function backupSqlite(target: string): Promise<string> {
  if (sequelize.getDialect() !== 'sqlite') throw new Error('Backups of PostgreSQL use pg_dump (docs/operations.md)');
  const file = path.resolve(target);
  if (fs.existsSync(file)) throw new Error(`${file} already exists; choose a new name`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sequelize.query('VACUUM INTO ?', { replacements: [file] });
  return file;
}
