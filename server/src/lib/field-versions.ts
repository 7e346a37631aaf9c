import type { FieldConflict } from '../../contract/clients';
import { canonicalJson } from './idempotency';
import { badRequest } from './errors';

/**
 * Field-level merge of an edit (decision 020). A record keeps `version` and, per field, the
 * version at which that field last changed. An edit made from `baseVersion` clashes on a field
 * only when the field changed on the server after `baseVersion` and now holds a value other
 * than the one the edit sends. No clash: every changed field gets the new version.
 */
export function mergeFields(
  record: { version: number; fieldVersions: Record<string, number> | null },
  current: Record<string, unknown>,
  baseVersion: number,
  changes: Record<string, unknown>,
): { conflicts: FieldConflict[]; changed: string[]; fieldVersions: Record<string, number>; version: number } {
  if (baseVersion > record.version) throw badRequest(`Base version cannot be above the record’s version (${record.version})`, 'baseVersion');
  const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);
  const conflicts: FieldConflict[] = [];
  const changed: string[] = [];
  for (const [field, mine] of Object.entries(changes)) {
    if (mine === undefined) continue;
    const theirs = current[field] ?? null;
    if (same(theirs, mine)) continue;
    const changedAt = record.fieldVersions?.[field] ?? 1;
    if (changedAt > baseVersion) conflicts.push({ field, mine, theirs });
    else changed.push(field);
  }
  const version = changed.length > 0 && conflicts.length === 0 ? record.version + 1 : record.version;
  const fieldVersions = { ...record.fieldVersions };
  for (const field of changed) fieldVersions[field] = version;
  return { conflicts, changed, fieldVersions, version };
}
