/**
 * The services' outputs on this device (issue 23, decision 103): what a kaimahi can record as
 * delivered on a contact (a kai parcel, an hour of music therapy…), as
 * `GET /api/services/{key}/outputs?include=all` gives them, so the contact form offers them with
 * no signal. One sealed row per service in the staff database's `parts` table
 * (`['outputs', serviceKey]`), like the whānau beside it (whanau-copy.ts), decrypted into this
 * module's memory once unlocked; the vault's wipe deletes them with the rest of the copy.
 * Retired outputs are kept too, so a contact that recorded one still names it; the form offers
 * only those not retired.
 */
import { serviceKeys } from '@contract/enrolments';
import type { ServiceOutput } from '@contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { isSealed, type StaffCipher } from '../../../lib/staff-cipher';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { getStaffDb } from '../../../lib/vault/staff-db';

const part = 'outputs';

type KeptOutputs = { serviceKey: string; outputs: ServiceOutput[] };
type Copy = { userId: string; byService: Map<string, ServiceOutput[]> };

let copy: Copy | null = null;
let loading: Promise<void> | null = null;
let revision = 0;
const listeners = new Set<() => void>();

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeOutputsCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outputsCopyRevision(): number {
  return revision;
}

function isKeptOutputs(value: unknown): value is KeptOutputs {
  return (
    typeof value === 'object' &&
    value !== null &&
    'serviceKey' in value &&
    typeof value.serviceKey === 'string' &&
    'outputs' in value &&
    Array.isArray(value.outputs)
  );
}

/** Decrypts the kept outputs into memory (once per unlock). */
export function loadOutputsCopy(cipher: StaffCipher): Promise<void> {
  if (copy?.userId === cipher.userId) return Promise.resolve();
  loading ??= (async () => {
    try {
      const rows = await getStaffDb(cipher.userId).parts.where('part').equals(part).toArray();
      const opened = await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? await cipher.open(row.sealed) : null)));
      const byService = new Map<string, ServiceOutput[]>();
      for (const kept of opened) if (isKeptOutputs(kept)) byService.set(kept.serviceKey, kept.outputs);
      copy = { userId: cipher.userId, byService };
      changed();
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Drops the decrypted outputs from memory (lock, sign-out, wipe). */
export function forgetOutputsCopy(): void {
  if (!copy) return;
  copy = null;
  changed();
}

/** The outputs a contact of this service can record, in their order; undefined when none were ever kept here. */
export function offeredOutputs(serviceKey: string): ServiceOutput[] | undefined {
  return copy?.byService.get(serviceKey)?.filter((output) => !output.retired);
}

/** An output kept here by its id (retired or not), to name it where a contact recorded it. */
export function keptOutput(id: string): ServiceOutput | undefined {
  for (const outputs of copy?.byService.values() ?? []) {
    const found = outputs.find((output) => output._id === id);
    if (found) return found;
  }
  return undefined;
}

export function fetchServiceOutputs(serviceKey: string): Promise<ServiceOutput[]> {
  return apiRequest<ServiceOutput[]>(`${staffApiPaths.serviceOutputs(serviceKey)}${queryString({ include: 'all' })}`);
}

/**
 * Brings every service's outputs up to date with the server (all six: a manager records for any
 * service, and a kaimahi's services may change while the copy is kept). Those the server answered
 * are sealed and stored; the others stay as they were. Throws (status 0) when none answered.
 */
export async function refreshOutputsCopy(cipher: StaffCipher, fetchOutputs: typeof fetchServiceOutputs = fetchServiceOutputs): Promise<void> {
  await loadOutputsCopy(cipher);
  const answers = await Promise.allSettled(serviceKeys.map(async (serviceKey) => ({ serviceKey, outputs: await fetchOutputs(serviceKey) })));
  const kept = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  const failure = answers.find((answer) => answer.status === 'rejected');
  if (kept.length === 0 && failure) throw failure.reason;
  const sealed = await Promise.all(kept.map(async (entry) => ({ part, _id: entry.serviceKey, sealed: await cipher.seal(entry) })));
  await getStaffDb(cipher.userId).parts.bulkPut(sealed);
  if (copy?.userId === cipher.userId) {
    for (const entry of kept) copy.byService.set(entry.serviceKey, entry.outputs);
    changed();
  }
}
