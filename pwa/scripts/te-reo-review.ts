/**
 * Writes docs/te-reo-review.md (the Māori entries waiting for a speaker's review) and
 * server/contract/message-keys.ts (the keys a manager may correct). Run after adding keys:
 * `npm run te-reo-review`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messageKeysModule, messageKeysPath, reviewDoc, reviewDocPath } from '../src/i18n/review-list';

const root = path.resolve(import.meta.dirname, '../..');
fs.writeFileSync(path.join(root, reviewDocPath), reviewDoc());
fs.writeFileSync(path.join(root, messageKeysPath), messageKeysModule());
console.log(`Wrote ${reviewDocPath} and ${messageKeysPath}`);
