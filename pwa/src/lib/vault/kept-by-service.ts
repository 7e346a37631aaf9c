/**
 * A list per service kept in the copy on this device, for forms that must work with no signal:
 * the services' outputs a contact can record (decision 103) and the kaimahi a follow-up can be
 * assigned to (decision 106). One sealed row per service in the staff database's `parts` table
 * (`[part, serviceKey]`, sealed as `{ serviceKey, [field]: items }`), decrypted into memory once
 * unlocked and dropped from memory when the key goes; the vault's wipe deletes the rows with the
 * rest of the copy.
 */
import { isSealed, type StaffCipher } from '../staff-cipher';
import { sealedPart } from './sealed-part';
import { getStaffDb } from './staff-db';

export type KeptByService<T> = {
  /** Calls `listener` whenever the lists in memory change. Returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A number that grows with each change, for `useSyncExternalStore`. */
  revision(): number;
  /** Decrypts the kept lists into memory (once per unlock). */
  load(cipher: StaffCipher): Promise<void>;
  /** Drops the decrypted lists from memory (lock, sign-out, wipe). */
  forget(): void;
  /** The list of one service; undefined when none was ever kept here. */
  of(serviceKey: string): T[] | undefined;
  /** Every kept list. */
  lists(): Iterable<T[]>;
  /**
   * Brings the lists of `serviceKeys` up to date with the server: those the server answered are
   * sealed and stored, the others stay as they were, and lists of services not named are dropped.
   * Throws when none answered.
   */
  refresh(cipher: StaffCipher, serviceKeys: readonly string[], fetchList: (serviceKey: string) => Promise<T[]>): Promise<void>;
};

type Options<T> = {
  /** The part's name in the `parts` table. */
  part: string;
  /** The field of the sealed row that holds the list. */
  field: string;
  /** Whether a decrypted item has the shape the screens rely on. */
  isItem: (value: unknown) => value is T;
};

type Copy<T> = { userId: string; byService: Map<string, T[]> };

export function keptByService<T>({ part, field, isItem }: Options<T>): KeptByService<T> {
  function kept(value: unknown): { serviceKey: string; items: T[] } | null {
    if (typeof value !== 'object' || value === null || !('serviceKey' in value) || typeof value.serviceKey !== 'string') return null;
    const items: unknown = (value as Record<string, unknown>)[field];
    return Array.isArray(items) && items.every(isItem) ? { serviceKey: value.serviceKey, items } : null;
  }

  // Load once per unlock, one queue of writes, forgotten with the key: the sealed-part engine's.
  const lists = sealedPart<Copy<T>>({
    async open(cipher) {
      const rows = await getStaffDb(cipher.userId).parts.where('part').equals(part).toArray();
      const opened = await Promise.all(rows.map(async (row) => (isSealed(row.sealed) ? kept(await cipher.open(row.sealed)) : null)));
      const byService = new Map<string, T[]>();
      for (const entry of opened) if (entry) byService.set(entry.serviceKey, entry.items);
      return { userId: cipher.userId, byService };
    },
  });

  return {
    subscribe: lists.subscribe,
    revision: lists.revision,
    load: lists.load,
    forget: lists.forget,
    of: (serviceKey) => lists.current()?.byService.get(serviceKey),
    lists: () => lists.current()?.byService.values() ?? [],

    async refresh(cipher, serviceKeys, fetchList) {
      const answers = await Promise.allSettled(serviceKeys.map(async (serviceKey) => ({ serviceKey, items: await fetchList(serviceKey) })));
      const answered = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      const failure = answers.find((answer) => answer.status === 'rejected');
      if (answered.length === 0 && failure) throw failure.reason;
      const sealed = await Promise.all(
        answered.map(async (entry) => ({ part, _id: entry.serviceKey, sealed: await cipher.seal({ serviceKey: entry.serviceKey, [field]: entry.items }) })),
      );
      const wanted = new Set(serviceKeys);
      await lists.update(
        cipher,
        async (copy) => {
          const db = getStaffDb(cipher.userId);
          await db.transaction('rw', db.parts, async () => {
            const gone = (await db.parts.where('part').equals(part).primaryKeys()).filter(([, key]) => !wanted.has(key));
            await db.parts.bulkDelete(gone);
            await db.parts.bulkPut(sealed);
          });
          for (const key of [...copy.byService.keys()]) if (!wanted.has(key)) copy.byService.delete(key);
          for (const entry of answered) copy.byService.set(entry.serviceKey, entry.items);
          lists.changed();
        },
        undefined,
      );
    },
  };
}
