import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '../../config';
import { notFound } from '../../lib/errors';
import { logFilePattern } from '../../lib/log-file';
import { logFile } from '../../lib/logger';

/** A log file of the listing, as the server knows it. `path` never leaves the server. */
export type LogFileEntry = { id: string; name: string; path: string; size: number; modifiedAt: Date };

/** Most of a log file the API returns; a huge file must not be read into memory whole. */
export const logTextLimitBytes = 2 * 1024 * 1024;

// O_NOFOLLOW: even if a symlink replaced a listed file after the listing, it is not read through.
const readFlags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0);

/** The id of a log file: its name in base64url, so clients treat it as an id, not a path. */
const idOf = (name: string): string => Buffer.from(name, 'utf8').toString('base64url');

/** "trust-2026-01-02.1.log" → ["2026-01-02", 1], to order files written on the same day. */
function dayAndPart(name: string): [string, number] {
  const [, day = '', part = '0'] = /^trust-(\d{4}-\d{2}-\d{2})(?:\.(\d+))?\.log$/.exec(name) ?? [];
  return [day, Number(part)];
}

function newestFirst(a: LogFileEntry, b: LogFileEntry): number {
  const byTime = b.modifiedAt.getTime() - a.modifiedAt.getTime();
  if (byTime !== 0) return byTime;
  const [dayA, partA] = dayAndPart(a.name);
  const [dayB, partB] = dayAndPart(b.name);
  return dayA === dayB ? partB - partA : dayB.localeCompare(dayA);
}

/**
 * The log files in the logs folder: regular files named like a log file only. Symlinks,
 * folders and other files (notes, the database if someone put it there) are never listed,
 * and what is not listed cannot be read or deleted.
 */
export function listLogFiles(): LogFileEntry[] {
  const dir = getConfig().logDir;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: LogFileEntry[] = [];
  for (const name of names) {
    if (!logFilePattern.test(name)) continue;
    const file = path.join(dir, name);
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(file);
    } catch {
      continue; // removed since the folder was read
    }
    if (!stats.isFile()) continue;
    entries.push({ id: idOf(name), name, path: file, size: stats.size, modifiedAt: stats.mtime });
  }
  return entries.sort(newestFirst);
}

/** A file of the current listing by its id; the request never becomes part of a path. */
export function findLogFile(id: string): LogFileEntry {
  const entry = listLogFiles().find((candidate) => candidate.id === id);
  if (!entry) throw notFound('Log file not found');
  return entry;
}

/**
 * The text of a log file; past `limitBytes`, only its last whole lines, under a note saying
 * how much was left out.
 */
export function readLogFile(id: string, limitBytes = logTextLimitBytes): string {
  const entry = findLogFile(id);
  let fd: number;
  try {
    fd = fs.openSync(entry.path, readFlags);
  } catch {
    throw notFound('Log file not found'); // removed, or swapped for a symlink, since the listing
  }
  try {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile()) throw notFound('Log file not found');
    const length = Math.min(stats.size, limitBytes);
    const start = stats.size - length;
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const got = fs.readSync(fd, buffer, read, length - read, start + read);
      if (got === 0) break;
      read += got;
    }
    const bytes = buffer.subarray(0, read);
    if (start === 0) return bytes.toString('utf8');
    // Start after the first line break, so no half line (or half character) is shown.
    const firstBreak = bytes.indexOf(0x0a);
    const whole = firstBreak >= 0 ? bytes.subarray(firstBreak + 1) : bytes;
    const note = `[Only the last ${formatMegabytes(whole.length)} of ${formatMegabytes(stats.size)} are shown; earlier lines are left out]\n`;
    return note + whole.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Deletes a file of the listing. When it is the file being written, logging carries on in a new one. */
export function deleteLogFile(id: string): void {
  const entry = findLogFile(id);
  try {
    fs.unlinkSync(entry.path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Log file not found');
    throw error;
  }
  // Without this the logger would keep writing into the deleted file for up to a second.
  if (path.resolve(logFile.currentPath()) === path.resolve(entry.path)) logFile.reopen();
}
