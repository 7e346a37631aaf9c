import fs from 'node:fs';
import path from 'node:path';
import { nzToday } from '../../contract/nz-days';
import { now as clockNow } from './clock';

/** Log files are named trust-YYYY-MM-DD.log (the New Zealand day), then trust-YYYY-MM-DD.1.log … when one grows past the size limit. */
export const logFilePattern = /^trust-\d{4}-\d{2}-\d{2}(\.\d+)?\.log$/;

export type LogFile = {
  write(line: string): void;
  /** The path of the file being written ('' before the first write). */
  currentPath(): string;
  /** Forget the open file: the next write opens (or creates) the right file again. Used after the logs API deletes it. */
  reopen(): void;
  close(): void;
};

// O_NOFOLLOW: a symlink put at a log file's name must never be written through (it could point at the database or secret).
const appendFlags = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | (fs.constants.O_NOFOLLOW ?? 0);

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

export type LogFileOptions = {
  /** A file past this size is continued in the next one of the day. */
  maxBytes?: number;
  /** Files of days more than this many days before today are removed when a day's first file opens; 0 keeps all. */
  retentionDays?: number;
  /** All log files together stay under this: when a file opens, the oldest go until they fit; 0 has no cap. */
  maxTotalBytes?: number;
};

/** The highest part number of a day's log files (0 when there are none or only the first). */
function lastPartOf(dir: string, day: string): number {
  const prefix = `trust-${day}.`;
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && logFilePattern.test(name))
    .reduce((last, name) => Math.max(last, Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 0)), 0);
}

/** Log file names oldest first: by day, then part (`trust-D.log` before `trust-D.1.log`). */
function byAge(a: string, b: string): number {
  const part = (name: string) => Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 0);
  return a.slice(6, 16) < b.slice(6, 16) ? -1 : a.slice(6, 16) > b.slice(6, 16) ? 1 : part(a) - part(b);
}

/**
 * Removes the oldest log files other than `keep` (the file being opened) until they take at most
 * `budget` bytes, leaving room for `keep` to fill: a flood of requests can fill the log, never
 * the disk.
 */
export function removeLogFilesOverCap(dir: string, budget: number, keep: string): void {
  const files = fs
    .readdirSync(dir)
    .filter((name) => logFilePattern.test(name))
    .sort(byAge)
    .map((name) => ({ file: path.join(dir, name), stats: lstatOrUndefined(path.join(dir, name)) }))
    .filter((entry) => entry.stats?.isFile() && entry.file !== keep);
  let total = files.reduce((sum, entry) => sum + (entry.stats?.size ?? 0), 0);
  for (const entry of files) {
    if (total <= budget) break;
    fs.rmSync(entry.file, { force: true });
    total -= entry.stats?.size ?? 0;
  }
}

/** Removes log files dated more than `retentionDays` before `today`; only names of the log pattern, only regular files. */
export function removeOldLogFiles(dir: string, today: string, retentionDays: number): void {
  if (retentionDays <= 0) return;
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - retentionDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const name of fs.readdirSync(dir)) {
    if (!logFilePattern.test(name) || name.slice(6, 16) >= oldest) continue;
    const file = path.join(dir, name);
    if (lstatOrUndefined(file)?.isFile()) fs.rmSync(file, { force: true });
  }
}

/**
 * A log destination that starts a new file each day or past `maxBytes`, and reopens when its
 * file is removed (by the logs API or by hand), so logging always carries on into a file. Each
 * new day removes the files past the retention, and each new file the oldest past
 * `maxTotalBytes`. Writes are synchronous: log lines are few and
 * must survive a crash.
 */
export function openLogFile(dir: string, { maxBytes = 10 * 1024 * 1024, retentionDays = 0, maxTotalBytes = 0 }: LogFileOptions = {}): LogFile {
  fs.mkdirSync(dir, { recursive: true });
  let fd = -1;
  let file = '';
  let day = '';
  let size = 0;
  let checkedAt = 0;

  function closeCurrent(): void {
    if (fd >= 0) fs.closeSync(fd);
    fd = -1;
  }

  /** Opens today's first file with room for `bytes` more (an empty file always has room). */
  function open(today: string, bytes: number): void {
    closeCurrent();
    if (today !== day) removeOldLogFiles(dir, today, retentionDays);
    day = today;
    // From the day's last part, so names keep the order files were written in even after the
    // cap removed the first parts (a freed low name is never reused).
    for (let index = lastPartOf(dir, day); ; index += 1) {
      const candidate = path.join(dir, index === 0 ? `trust-${day}.log` : `trust-${day}.${index}.log`);
      const existing = lstatOrUndefined(candidate);
      // Anything but a regular file at a log name (symlink, folder) is skipped, never followed.
      if (existing && (!existing.isFile() || (existing.size > 0 && existing.size + bytes > maxBytes))) continue;
      try {
        fd = fs.openSync(candidate, appendFlags, 0o600);
      } catch (error) {
        // A symlink appeared between the lstat and the open.
        if ((error as NodeJS.ErrnoException).code === 'ELOOP') continue;
        throw error;
      }
      file = candidate;
      size = fs.fstatSync(fd).size;
      break;
    }
    // The open file can grow to `maxBytes`: the others keep to the rest of the cap.
    if (maxTotalBytes > 0) removeLogFilesOverCap(dir, Math.max(0, maxTotalBytes - maxBytes), file);
    checkedAt = clockNow();
  }

  /** True when the open file is no longer the one at its name: deleted, or replaced. */
  function removedFromDisk(): boolean {
    const onDisk = lstatOrUndefined(file);
    if (!onDisk) return true;
    const open = fs.fstatSync(fd);
    return onDisk.ino !== open.ino || onDisk.dev !== open.dev;
  }

  return {
    write(line) {
      const now = clockNow();
      // The New Zealand day, as every date the trust reads: at 7 am it is still yesterday in UTC.
      const today = nzToday(now);
      const bytes = Buffer.byteLength(line);
      // Checked at most once a second: a stat per log line would cost more than the line.
      const removed = fd >= 0 && now - checkedAt > 1000 && ((checkedAt = now), removedFromDisk());
      if (fd < 0 || today !== day || removed || (size > 0 && size + bytes > maxBytes)) open(today, bytes);
      size += fs.writeSync(fd, line);
    },
    currentPath: () => file,
    reopen: closeCurrent,
    close: closeCurrent,
  };
}
