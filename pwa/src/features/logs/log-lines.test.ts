import { describe, expect, it } from 'vitest';
import { filterLogLines, parseLogLines } from './log-lines';

const file = [
  '{"level":40,"time":1736900000000,"msg":"rate limit reached for login"}',
  '{"level":30,"time":1736900001000,"method":"GET","path":"/api/services","status":200,"ms":3,"msg":"request"}',
  'not json at all',
  '',
  '{"level":50,"time":"2025-01-15T00:13:22.000Z","err":{"message":"disk full"}}',
].join('\n');

describe('reading a log file', () => {
  it('gives each JSON line its time, level and message, and keeps other lines as they are', () => {
    const lines = parseLogLines(file);
    expect(lines.map(({ time, level, message }) => ({ time, level, message }))).toEqual([
      { time: '2025-01-15T00:13:20.000Z', level: 'warn', message: 'rate limit reached for login' },
      { time: '2025-01-15T00:13:21.000Z', level: 'info', message: 'GET /api/services 200, 3 ms' },
      { time: undefined, level: undefined, message: 'not json at all' },
      { time: '2025-01-15T00:13:22.000Z', level: 'error', message: 'disk full' },
    ]);
    expect(lines[1]?.raw).toContain('"path":"/api/services"');
  });

  it('filters by lowest level and by text in the message or the raw line', () => {
    const lines = parseLogLines(file);
    expect(filterLogLines(lines, { minLevel: 40 }).map((line) => line.message)).toEqual(['rate limit reached for login', 'disk full']);
    expect(filterLogLines(lines, { text: 'SERVICES' }).map((line) => line.level)).toEqual(['info']);
    expect(filterLogLines(lines, { text: '"ms":3' })).toHaveLength(1);
    expect(filterLogLines(lines, {})).toHaveLength(4);
  });
});
