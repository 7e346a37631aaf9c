import fs from 'node:fs';
import path from 'node:path';

/** Log files are named trust-YYYY-MM-DD.log, then trust-YYYY-MM-DD.1.log … when one grows past the size limit. */
export const logFilePattern = /^trust-\d{4}-\d{2}-\d{2}(\.\d+)?\.log$/;

export type LogFile = { write(line: string): void; currentPath(): string; close(): void };

/**
 * A log destination that starts a new file each day or past `maxBytes`, and reopens when its
 * file is removed (by the logs API or by hand), so logging always carries on into a file.
 * Writes are synchronous: log lines are few and must survive a crash.
 */
export function openLogFile(dir: string, maxBytes = 10 * 1024 * 1024): LogFile {
  fs.mkdirSync(dir, { recursive: true });
  let fd = -1;
  let file = '';
  let day = '';
  let size = 0;
  let checkedAt = 0;

  function open(today: string): void {
    if (fd >= 0) fs.closeSync(fd);
    day = today;
    for (let index = 0; ; index += 1) {
      file = path.join(dir, index === 0 ? `trust-${day}.log` : `trust-${day}.${index}.log`);
      size = fs.existsSync(file) ? fs.statSync(file).size : 0;
      if (size < maxBytes) break;
    }
    fd = fs.openSync(file, 'a', 0o640);
    checkedAt = Date.now();
  }

  return {
    write(line) {
      const now = Date.now();
      const today = new Date(now).toISOString().slice(0, 10);
      const removed = now - checkedAt > 1000 && ((checkedAt = now), !fs.existsSync(file));
      if (fd < 0 || today !== day || removed || size + line.length > maxBytes) open(today);
      size += fs.writeSync(fd, line);
    },
    currentPath: () => file,
    close() {
      if (fd >= 0) fs.closeSync(fd);
      fd = -1;
    },
  };
}
