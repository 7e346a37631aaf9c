/**
 * The privacy statement versions a consent recorded by kaimahi may name (decision 107): the
 * server's list (`GET /api/content/privacy`: the current version and every one published), kept
 * in the kaimahi's device copy beside the caseload (part `statements`, sealed like every part,
 * lib/vault/staff-db.ts) so that the consent form offers the version published now with no
 * signal too. Refreshed with the caseload whenever there is signal; with nothing kept yet the
 * form offers the versions built into the app.
 */
import { publishedStatementVersions } from '@contract/enrolment-form';
import { useSyncExternalStore } from 'react';
import { isRecord } from '../../../lib/answer-guards';
import { apiRequest } from '../../../lib/api-client';
import { isSealed, onStaffCipherChange, type StaffCipher } from '../../../lib/staff-cipher';
import { getStaffDb } from '../../../lib/vault/staff-db';
import { textApiPaths } from '../../../lib/text-paths';

/** The version a consent given now is given under (first), and every version the server accepts, newest first. */
export type StatementVersions = { current: string; versions: readonly string[] };

const builtIn: StatementVersions = { current: publishedStatementVersions[0], versions: publishedStatementVersions };
const part = 'statements';
const rowId = 'privacy';

let known: { userId: string; versions: StatementVersions } | null = null;
const listeners = new Set<() => void>();

function changed(next: typeof known): void {
  known = next;
  for (const listener of listeners) listener();
}

// Nothing of the copy outlives the unlock.
onStaffCipherChange((cipher) => {
  if (!cipher && known) changed(null);
});

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The server's answer (or what was sealed from it) as the form needs it, or null when it is not that shape. */
function versionsOf(value: unknown): StatementVersions | null {
  if (!isRecord(value) || typeof value.version !== 'string' || !isStrings(value.versions)) return null;
  const versions = value.versions.includes(value.version) ? value.versions : [value.version, ...value.versions];
  return { current: value.version, versions };
}

/** Opens the versions kept on this device (once per unlock). */
export async function loadStatementVersions(cipher: StaffCipher): Promise<void> {
  if (known?.userId === cipher.userId) return;
  const row = await getStaffDb(cipher.userId).parts.get([part, rowId]);
  const versions = row && isSealed(row.sealed) ? versionsOf(await cipher.open(row.sealed).catch(() => null)) : null;
  if (versions && !(known?.userId === cipher.userId)) changed({ userId: cipher.userId, versions });
}

/** Asks the server for the versions published now and keeps them. Throws with no signal; what was kept stays. */
export async function refreshStatementVersions(cipher: StaffCipher): Promise<void> {
  const versions = versionsOf(await apiRequest<unknown>(textApiPaths.privacy));
  if (!versions) return;
  await getStaffDb(cipher.userId).parts.put({ part, _id: rowId, sealed: await cipher.seal({ version: versions.current, versions: versions.versions }) });
  changed({ userId: cipher.userId, versions });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): StatementVersions => known?.versions ?? builtIn;

/** The versions the consent select offers: the server's as last kept on this device, else the built-in ones. */
export function useStatementVersions(): StatementVersions {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
