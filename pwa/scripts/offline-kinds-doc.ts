/**
 * Writes the table of offline kinds in docs/offline.md from the registry (pwa/src/offline-kinds.ts).
 * Run after adding a kind: `npx tsx --tsconfig pwa/tsconfig.json pwa/scripts/offline-kinds-doc.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { offlineDocPath, withKindsTable } from '../src/offline-kinds-doc';

const file = path.resolve(import.meta.dirname, '../..', offlineDocPath);
fs.writeFileSync(file, withKindsTable(fs.readFileSync(file, 'utf8')));
console.log(`Wrote the kinds in ${offlineDocPath}`);
