import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageKeys } from '@contract/message-keys';
import { mi } from './mi';
import { messageKeysModule, messageKeysPath, reviewDoc, reviewDocPath } from './review-list';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const stale = (file: string) => `${file} is out of date with the catalogues (pwa/src/i18n/en.ts, mi.ts). Run \`npm run te-reo-review\` and commit the result.`;

describe('the te reo review list and the key list for the server', () => {
  it('docs/te-reo-review.md lists exactly the unreviewed entries of today’s catalogues', () => {
    expect(read(reviewDocPath), stale(reviewDocPath)).toBe(reviewDoc());
  });

  it('server/contract/message-keys.ts names exactly the keys of the catalogues', () => {
    expect(read(messageKeysPath), stale(messageKeysPath)).toBe(messageKeysModule());
    expect([...messageKeys].sort()).toEqual(Object.keys(mi).sort());
  });

  it('lists every draft with its English and its Māori, and nothing reviewed', () => {
    const doc = reviewDoc();
    for (const [key, entry] of Object.entries(mi)) {
      if (entry.reviewed) expect(doc).not.toContain(`| \`${key}\` |`);
      else expect(doc).toContain(`| \`${key}\` |`);
    }
    expect(doc).toContain('| `error.required` | Please fill this in. | Me whakakī tēnei. |');
  });
});
