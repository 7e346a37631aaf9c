/** The levels pino writes, by number, and the names the viewer shows for them. */
export const logLevels = [
  { value: 10, name: 'trace' },
  { value: 20, name: 'debug' },
  { value: 30, name: 'info' },
  { value: 40, name: 'warn' },
  { value: 50, name: 'error' },
  { value: 60, name: 'fatal' },
] as const;

export type LogLevelName = (typeof logLevels)[number]['name'];

/** One line of a log file: its time, level and message when it is a JSON line, the raw text always. */
export type LogLine = { index: number; time?: string; level?: LogLevelName; levelValue?: number; message: string; raw: string };

function levelOf(value: unknown): { level?: LogLevelName; levelValue?: number } {
  if (typeof value === 'number') {
    const found = [...logLevels].reverse().find((level) => value >= level.value);
    return { level: found?.name, levelValue: value };
  }
  if (typeof value === 'string') {
    const found = logLevels.find((level) => level.name === value.toLowerCase());
    return found ? { level: found.name, levelValue: found.value } : {};
  }
  return {};
}

/** A request line says what it served ("GET /api/services 200, 3 ms"); others their `msg`. */
function messageOf(entry: Record<string, unknown>): string {
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (typeof entry.method === 'string' && typeof entry.path === 'string') {
    const status = typeof entry.status === 'number' ? ` ${entry.status}` : '';
    const ms = typeof entry.ms === 'number' ? `, ${entry.ms} ms` : '';
    return `${entry.method} ${entry.path}${status}${ms}${msg && msg !== 'request' ? ` · ${msg}` : ''}`;
  }
  if (msg) return msg;
  const err = entry.err;
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') return (err as { message: string }).message;
  return '';
}

/** Splits a log file into lines a person can read; a line that is not JSON keeps its text as the message. */
export function parseLogLines(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(raw);
    } catch {
      entry = undefined;
    }
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      lines.push({ index, message: raw, raw });
      continue;
    }
    const record = entry as Record<string, unknown>;
    const time = typeof record.time === 'number' || typeof record.time === 'string' ? new Date(record.time) : undefined;
    lines.push({
      index,
      time: time && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined,
      ...levelOf(record.level),
      message: messageOf(record),
      raw,
    });
  }
  return lines;
}

/** The lines at or above a level (undefined: all) whose message or raw text holds the search, ignoring case. */
export function filterLogLines(lines: readonly LogLine[], filter: { minLevel?: number; text?: string }): LogLine[] {
  const needle = filter.text?.trim().toLowerCase() ?? '';
  return lines.filter(
    (line) =>
      (filter.minLevel === undefined || (line.levelValue ?? 0) >= filter.minLevel) &&
      (!needle || line.message.toLowerCase().includes(needle) || line.raw.toLowerCase().includes(needle)),
  );
}
