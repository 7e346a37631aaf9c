import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const statusOf = (name: string) => /^Status: (.+)$/m.exec(fs.readFileSync(path.join(folder, name), 'utf8'))?.[1];

describe('decision records', () => {
  it('each says whether it stands: accepted (perhaps amending others), or superseded by a record that exists', () => {
    expect(records.length).toBeGreaterThan(50);
    const wrong = records.flatMap((name) => {
      const status = statusOf(name);
      if (/^accepted( \(.+\))?$/.test(status ?? '')) return [];
      const by = /^superseded by (\d{3})$/.exec(status ?? '')?.[1];
      if (by && records.some((other) => other.startsWith(`${by}-`))) return [];
      return [`${name}: ${status ?? 'no "Status:" line'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('040 (the first outbox engine) gives way to 074 (kinds belong to their feature)', () => {
    expect(statusOf(records.find((name) => name.startsWith('040-'))!)).toBe('superseded by 074');
  });
});
