import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offlineKinds } from './offline-kinds';
import { kindsTable, offlineDocPath, withKindsTable } from './offline-kinds-doc';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../..', offlineDocPath), 'utf8');

describe('the kinds in docs/offline.md', () => {
  it('are exactly the registry’s, as the script writes them', () => {
    const stale = `${offlineDocPath} is out of date with pwa/src/offline-kinds.ts: run \`npx tsx --tsconfig pwa/tsconfig.json pwa/scripts/offline-kinds-doc.ts\` and commit the result.`;
    expect(doc, stale).toBe(withKindsTable(doc));
  });

  it('name every one of the 18 kinds once, with how it is sent', () => {
    const kinds = offlineKinds.all().map((kind) => kind.kind);
    expect(kinds).toHaveLength(18);
    for (const kind of kinds) expect(doc.split(`| \`${kind}\` |`)).toHaveLength(2);
    expect(doc).toContain('| `enrolment.create` | Enrolment | `POST /api/enrolments` (anonymous) | 1 | 8 | makes a record | as typed (removed once sent) |');
    expect(doc).toContain('| `task.update` | Change to a follow-up | `POST /api/sync` | ≤ 100 | 1 per user | edits a version | sealed |');
  });

  it('would differ from a registry with one more or one fewer kind', () => {
    const all = offlineKinds.all();
    expect(withKindsTable(doc, kindsTable(all.slice(1)))).not.toBe(doc);
    expect(withKindsTable(doc, kindsTable([...all, { ...all[1]!, kind: 'client.archive' }]))).not.toBe(doc);
  });
});
