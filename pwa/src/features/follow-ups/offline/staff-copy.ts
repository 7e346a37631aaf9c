/**
 * The kaimahi of the signed-in person's services on this device (decision 106): whom a follow-up
 * can be assigned to, as `GET /api/services/{key}/staff` gives them (names only), so the follow-up
 * form offers them with no signal. One sealed row per service in the staff database's `parts`
 * table (`['staff', serviceKey]`), like the services' outputs (decision 103), decrypted into this
 * module's memory once unlocked; the vault's wipe deletes them with the rest of the copy.
 */
import type { ServiceStaffMember } from '@contract/users';
import { apiRequest } from '../../../lib/api-client';
import { isSealed, onStaffCipherChange, type StaffCipher } from '../../../lib/staff-cipher';
import { staffApiPaths } from '../../../lib/staff-paths';
import { getStaffDb } from '../../../lib/vault/staff-db';

const part = 'staff';

type KeptStaff = { serviceKey: string; staff: ServiceStaffMember[] };
type Copy = { userId: string; byService: Map<string, ServiceStaffMember[]> };

let copy: Copy | null = null;
let loading: Promise<void> | null = null;
let revision = 0;
const listeners = new Set<() => void>();

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeStaffCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function staffCopyRevision(): number {
  return revision;
}

const isMember = (value: unknown): value is ServiceStaffMember =>
  typeof value === 'object' && value !== null && '_id' in value && typeof value._id === 'string' && 'name' in value && typeof value.name === 'string';

function isKeptStaff(value: unknown): value is KeptStaff {
  return (
    typeof value === 'object' &&
    value !== null &&
    'serviceKey' in value &&
    typeof value.serviceKey === 'string' &&
    'staff' in value &&
    Array.isArray(value.staff) &&
    value.staff.every(isMember)
  );
}

/** Decrypts the kept lists into memory (once per unlock). */
export function loadStaffCopy(cipher: StaffCipher): Promise<void> {
  if (copy?.userId === cipher.userId) return Promise.resolve();
  loading ??= (async () => {
    try {
      const rows = await getStaffDb(cipher.userId).parts.where('part').equals(part).toArray();
      const opened = await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? await cipher.open(row.sealed) : null)));
      const byService = new Map<string, ServiceStaffMember[]>();
      for (const kept of opened) if (isKeptStaff(kept)) byService.set(kept.serviceKey, kept.staff);
      copy = { userId: cipher.userId, byService };
      changed();
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Drops the decrypted lists from memory (lock, sign-out, wipe). */
export function forgetStaffCopy(): void {
  if (!copy) return;
  copy = null;
  changed();
}

// The decrypted lists never outlive the key.
onStaffCipherChange((cipher) => {
  if (!cipher || cipher.userId !== copy?.userId) forgetStaffCopy();
});

/** The kaimahi of any of these services, each once, by name; empty when none were kept here. */
export function staffOfServices(serviceKeys: readonly string[]): ServiceStaffMember[] {
  const found = new Map<string, ServiceStaffMember>();
  for (const key of serviceKeys) for (const member of copy?.byService.get(key) ?? []) found.set(member._id, member);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** A kept kaimahi's name by their id, to show whom a follow-up saved here is for. */
export function keptStaffName(id: string): string | undefined {
  for (const staff of copy?.byService.values() ?? []) {
    const found = staff.find((member) => member._id === id);
    if (found) return found.name;
  }
  return undefined;
}

export function fetchServiceStaff(serviceKey: string): Promise<ServiceStaffMember[]> {
  return apiRequest<ServiceStaffMember[]>(staffApiPaths.serviceStaff(serviceKey));
}

/**
 * Brings the lists of `serviceKeys` (the person's own services; a manager's: all) up to date with
 * the server. Those the server answered are sealed and stored; the others stay as they were, and
 * lists of services the person no longer works on are dropped. Throws when none answered.
 */
export async function refreshStaffCopy(
  cipher: StaffCipher,
  serviceKeys: readonly string[],
  fetchStaff: typeof fetchServiceStaff = fetchServiceStaff,
): Promise<void> {
  await loadStaffCopy(cipher);
  const answers = await Promise.allSettled(serviceKeys.map(async (serviceKey) => ({ serviceKey, staff: await fetchStaff(serviceKey) })));
  const kept = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  const failure = answers.find((answer) => answer.status === 'rejected');
  if (kept.length === 0 && failure) throw failure.reason;
  const db = getStaffDb(cipher.userId);
  const sealed = await Promise.all(kept.map(async (entry) => ({ part, _id: entry.serviceKey, sealed: await cipher.seal(entry) })));
  const wanted = new Set(serviceKeys);
  await db.transaction('rw', db.parts, async () => {
    const gone = (await db.parts.where('part').equals(part).primaryKeys()).filter(([, key]) => !wanted.has(key));
    await db.parts.bulkDelete(gone);
    await db.parts.bulkPut(sealed);
  });
  if (copy?.userId === cipher.userId) {
    for (const key of [...copy.byService.keys()]) if (!wanted.has(key)) copy.byService.delete(key);
    for (const entry of kept) copy.byService.set(entry.serviceKey, entry.staff);
    changed();
  }
}
