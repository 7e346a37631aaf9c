// npm run backup -- [file]: a consistent copy of the live SQLite database (default data/backups/trust-<time>.sqlite).
import path from 'node:path';
import { getConfig } from '../config';
import { backupSqlite } from '../db/backup';
import { sequelize } from '../db/sequelize';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// A backup holds everything the database holds: owner only.
process.umask(0o077);
const target = process.argv[2] ?? path.join(getConfig().dataDir, 'backups', `trust-${stamp}.sqlite`);
try {
  console.log(`Backed up to ${await backupSqlite(target)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await sequelize.close();
}
