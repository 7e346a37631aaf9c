import { allEnglish } from './i18n/english';
import type { OfflineKind } from './lib/outbox';
import { offlineKinds } from './offline-kinds';

/**
 * The table of kinds in docs/offline.md, written from the registry (`offline-kinds.ts`) by
 * `pwa/scripts/offline-kinds-doc.ts`, so the document cannot forget a kind; a unit test says when
 * the committed table is out of date. Pure functions.
 */
export const offlineDocPath = 'docs/offline.md';
const start =
  '<!-- kinds: generated from pwa/src/offline-kinds.ts by `npx tsx --tsconfig pwa/tsconfig.json pwa/scripts/offline-kinds-doc.ts`; do not edit by hand -->';
const end = '<!-- end of kinds -->';

function row(kind: OfflineKind): string {
  const { method, path } = kind.lane.request([]);
  const title = allEnglish[kind.title as keyof typeof allEnglish];
  const what = [kind.makesRecord && 'makes a record', kind.versioned && 'edits a version'].filter(Boolean).join(', ') || '—';
  const cells = [
    `\`${kind.kind}\``,
    typeof title === 'string' ? title : kind.title,
    `\`${method} ${path}\`${kind.needsUser ? '' : ' (anonymous)'}`,
    kind.lane.batchSize === 1 ? '1' : `≤ ${kind.lane.batchSize}`,
    kind.needsUser ? `${kind.lane.concurrency} per user` : String(kind.lane.concurrency),
    what,
    kind.encrypted ? 'sealed' : 'as typed (removed once sent)',
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The generated part, markers included. */
export function kindsTable(kinds: readonly OfflineKind[] = offlineKinds.all()): string {
  return [
    start,
    `${kinds.length} kinds, in the order \`offline-kinds.ts\` registers them:`,
    '',
    '| kind | shown as | sent as | per request | in flight | record | payload at rest |',
    '|---|---|---|---|---|---|---|',
    ...kinds.map(row),
    end,
  ].join('\n');
}

/** The document with its table of kinds written anew. */
export function withKindsTable(doc: string, table = kindsTable()): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${offlineDocPath} has lost the markers around its table of kinds`);
  return doc.slice(0, from) + table + doc.slice(to + end.length);
}
