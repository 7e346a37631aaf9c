import fs from 'node:fs';
import type { Config } from '../config';

/**
 * The data folder holds people's details (database, logs, backups) and the signing secret:
 * owner only. The umask makes every file and folder the process creates from here on 0600/0700
 * (SQLite's -wal and -shm files included); an existing data folder is closed to others too.
 * Call before anything opens the database or a log file.
 */
export function protectDataFolder(config: Pick<Config, 'dataDir'>): void {
  process.umask(0o077);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.dataDir, 0o700);
}
