import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logFilePattern, openLogFile, type LogFile } from './log-file';

/** 1 pm on 15 January 2026 in New Zealand (NZDT, +13): the same day in UTC. */
const noon = Date.UTC(2026, 0, 15, 0, 0, 0);
let dir: string;
let opened: LogFile[];
let now: number;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-log-file-'));
  opened = [];
  now = noon;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  for (const file of opened) file.close();
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(maxBytes?: number, retentionDays?: number, maxTotalBytes?: number): LogFile {
  const file = openLogFile(dir, { maxBytes, retentionDays, maxTotalBytes });
  opened.push(file);
  return file;
}

const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const logNames = () =>
  fs
    .readdirSync(dir)
    .filter((name) => logFilePattern.test(name))
    .sort();

describe('logFilePattern', () => {
  it('matches the day file and its numbered parts only', () => {
    for (const name of ['trust-2026-01-15.log', 'trust-2026-01-15.1.log', 'trust-2026-01-15.12.log']) {
      expect(logFilePattern.test(name), name).toBe(true);
    }
    for (const name of [
      'notes.txt',
      'trust.sqlite',
      'jwt-secret',
      '../trust-2026-01-15.log',
      'trust-2026-01-15.log.bak',
      'trust-2026-01-15.log\0.txt',
      'xtrust-2026-01-15.log',
      'trust-26-1-15.log',
    ]) {
      expect(logFilePattern.test(name), name).toBe(false);
    }
  });
});

describe('openLogFile', () => {
  it('writes lines to the day file and appends when opened again (a restart)', () => {
    const first = open();
    first.write('one\n');
    expect(first.currentPath()).toBe(path.join(dir, 'trust-2026-01-15.log'));
    first.close();
    const second = open();
    second.write('two\n');
    expect(read('trust-2026-01-15.log')).toBe('one\ntwo\n');
  });

  it('starts numbered files past the size limit and never lets a file grow past it', () => {
    const file = open(100);
    for (let index = 0; index < 10; index += 1) file.write(`${'x'.repeat(28)}${index}\n`); // 30 bytes each
    expect(logNames()).toEqual(['trust-2026-01-15.1.log', 'trust-2026-01-15.2.log', 'trust-2026-01-15.3.log', 'trust-2026-01-15.log']);
    for (const name of logNames()) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(100);
    expect(read('trust-2026-01-15.3.log')).toBe(`${'x'.repeat(28)}9\n`);
  });

  it('continues in the first file with room after a restart', () => {
    fs.writeFileSync(path.join(dir, 'trust-2026-01-15.log'), 'y'.repeat(100));
    const file = open(100);
    file.write('after restart\n');
    expect(read('trust-2026-01-15.1.log')).toBe('after restart\n');
  });

  it('still writes a single line longer than the limit, into a file of its own', () => {
    const file = open(10);
    file.write('short\n');
    file.write(`${'z'.repeat(50)}\n`);
    expect(read('trust-2026-01-15.1.log')).toBe(`${'z'.repeat(50)}\n`);
  });

  it('starts a new file on a new day', () => {
    const file = open();
    file.write('today\n');
    // A second past midnight in New Zealand: still the 15th in UTC.
    now = Date.UTC(2026, 0, 15, 11, 0, 1);
    file.write('tomorrow\n');
    expect(read('trust-2026-01-15.log')).toBe('today\n');
    expect(read('trust-2026-01-16.log')).toBe('tomorrow\n');
  });

  it('names the file by the New Zealand day: at 7:43 am on the 16th it is still the 15th in UTC', () => {
    now = Date.UTC(2026, 0, 15, 18, 43, 0);
    open().write('morning\n');
    expect(logNames()).toEqual(['trust-2026-01-16.log']);
  });

  it('after reopen(), the next write goes to a new file at once when the old one was deleted', () => {
    const file = open();
    file.write('before\n');
    fs.unlinkSync(file.currentPath());
    file.reopen();
    file.write('after\n'); // same millisecond: the once-a-second check alone would miss it
    expect(read('trust-2026-01-15.log')).toBe('after\n');
  });

  it('notices a file removed by hand within a second and carries on in a new one', () => {
    const file = open();
    file.write('before\n');
    fs.unlinkSync(file.currentPath());
    now += 1500;
    file.write('after\n');
    expect(read('trust-2026-01-15.log')).toBe('after\n');
  });

  it('never writes through a symlink at a log name: it skips to the next name', () => {
    const secret = path.join(dir, 'secret');
    fs.writeFileSync(secret, 'keep me');
    fs.symlinkSync(secret, path.join(dir, 'trust-2026-01-15.log'));
    fs.mkdirSync(path.join(dir, 'trust-2026-01-15.1.log'));
    const file = open();
    file.write('line\n');
    expect(fs.readFileSync(secret, 'utf8')).toBe('keep me');
    expect(file.currentPath()).toBe(path.join(dir, 'trust-2026-01-15.2.log'));
    expect(read('trust-2026-01-15.2.log')).toBe('line\n');
  });

  it('moves off a file that was replaced by a symlink', () => {
    const secret = path.join(dir, 'secret');
    fs.writeFileSync(secret, 'keep me');
    const file = open();
    file.write('before\n');
    fs.unlinkSync(file.currentPath());
    fs.symlinkSync(secret, file.currentPath());
    now += 1500;
    file.write('after\n');
    expect(fs.readFileSync(secret, 'utf8')).toBe('keep me');
    expect(read('trust-2026-01-15.1.log')).toBe('after\n');
  });

  it('reopen() without a deletion carries on appending to the same file', () => {
    const file = open();
    file.write('one\n');
    file.reopen();
    file.write('two\n');
    expect(read('trust-2026-01-15.log')).toBe('one\ntwo\n');
  });
});

describe('retention', () => {
  it('removes the files of days past the retention when a new day starts, and keeps everything else', () => {
    for (const name of ['trust-2025-12-01.log', 'trust-2025-12-01.1.log', 'trust-2025-12-16.log', 'trust-2026-01-14.log', 'notes.txt']) {
      fs.writeFileSync(path.join(dir, name), 'old\n');
    }
    const file = open(undefined, 30);
    file.write('first line of the day\n');
    // 30 days before 2026-01-15 is 2025-12-16: that day is kept, the days before it go.
    expect(logNames()).toEqual(['trust-2025-12-16.log', 'trust-2026-01-14.log', 'trust-2026-01-15.log']);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);

    now += 24 * 60 * 60 * 1000;
    file.write('next day\n');
    expect(logNames()).toEqual(['trust-2026-01-14.log', 'trust-2026-01-15.log', 'trust-2026-01-16.log']);
  });

  it('keeps all log files together under the total cap, removing the oldest parts first and nothing else', () => {
    fs.writeFileSync(path.join(dir, 'trust-2026-01-14.log'), 'y'.repeat(90));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'z'.repeat(500));
    const file = open(100, 0, 300);
    const line = `${'x'.repeat(49)}\n`;
    for (let index = 0; index < 40; index += 1) {
      file.write(line);
      const total = logNames().reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
      expect(total).toBeLessThanOrEqual(300);
    }
    // 2,000 bytes written: the newest parts remain, the older day and the first parts are gone.
    expect(logNames()).toEqual(['trust-2026-01-15.17.log', 'trust-2026-01-15.18.log', 'trust-2026-01-15.19.log']);
    expect(read('trust-2026-01-15.17.log')).toBe(line + line);
    expect(read('trust-2026-01-15.19.log')).toBe(line + line);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('keeps every file when the retention is 0', () => {
    fs.writeFileSync(path.join(dir, 'trust-2020-01-01.log'), 'old\n');
    open(undefined, 0).write('line\n');
    expect(logNames()).toEqual(['trust-2020-01-01.log', 'trust-2026-01-15.log']);
  });

  it('creates log files readable by the owner only', () => {
    open().write('line\n');
    expect(fs.statSync(path.join(dir, 'trust-2026-01-15.log')).mode & 0o777).toBe(0o600);
  });
});
