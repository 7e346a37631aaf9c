/**
 * The engine of a part of the encrypted copy on this device (decision 124): what every part
 * (follow-ups, whānau, the caseload) shares, written once. A feature declares how its part is
 * opened from the staff database (`open`: decrypt its index, maybe its rows) and gets the copy in
 * memory for one person, loaded once per unlock, changed by one serial queue of writes (a refresh
 * and a landed result never write over each other), a revision with listeners for
 * `useSyncExternalStore`, and forgetting when the key goes. What the rows hold, and how a landed
 * write changes them, stays the feature's.
 */
import { useSyncExternalStore } from 'react';
import { getStaffCipher, onStaffCipherChange, type StaffCipher } from '../staff-cipher';

export type SealedPart<Copy extends { userId: string }> = {
  /** The decrypted copy in memory, when it is `userId`'s (or anyone's, with no id). */
  current(userId?: string): Copy | null;
  /** Decrypts the part into memory (once per unlock; concurrent calls share one load). */
  load(cipher: StaffCipher): Promise<void>;
  /**
   * Runs `write` on the copy of `cipher`'s person when its turn in the queue comes, after loading;
   * answers `otherwise` when the copy went meanwhile (lock, sign-out).
   */
  update<T>(cipher: StaffCipher, write: (copy: Copy) => Promise<T>, otherwise: T): Promise<T>;
  /** Runs `write` in its turn of the same queue, without loading first (a write that works on the rows alone). */
  queue<T>(write: () => Promise<T>): Promise<T>;
  /** Drops the decrypted copy from memory (lock, sign-out, wipe). */
  forget(): void;
  /** Tells the screens the copy changed. */
  changed(): void;
  subscribe(listener: () => void): () => void;
  /** A number that grows with each change. */
  revision(): number;
  /** Asks the server what changed, with the key in memory (none: nothing to do); what a kind `refreshes`. */
  refreshKept(): Promise<unknown>;
  /** Re-renders the calling component whenever the copy changes; returns the revision. */
  useRevision(): number;
};

/** Where a part's key comes from: the staff vault's by default, or a linked whānau phone's (decision 134). */
export type PartKeys = {
  current(): StaffCipher | null;
  onChange(listener: (cipher: StaffCipher | null) => void): () => void;
};

const staffKeys: PartKeys = { current: getStaffCipher, onChange: onStaffCipherChange };

type Declaration<Copy> = {
  /** Decrypts what the part keeps into memory for `cipher`'s person. */
  open(cipher: StaffCipher): Promise<Copy>;
  /** Brings the part up to date with the server (what changed since its cursor). */
  refresh?(cipher: StaffCipher): Promise<unknown>;
  /** Also forgotten with the copy (e.g. what is kept in memory only); true when there was some. */
  forgetAlso?(): boolean;
  /** The key that opens the part; the signed-in kaimahi's when left out. */
  keys?: PartKeys;
};

export function sealedPart<Copy extends { userId: string }>({ open, refresh, forgetAlso, keys = staffKeys }: Declaration<Copy>): SealedPart<Copy> {
  let copy: Copy | null = null;
  let loading: Promise<void> | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  let revision = 0;
  const listeners = new Set<() => void>();

  const part: SealedPart<Copy> = {
    current: (userId) => (copy && (userId === undefined || copy.userId === userId) ? copy : null),

    load(cipher) {
      if (copy?.userId === cipher.userId) return Promise.resolve();
      loading ??= (async () => {
        try {
          copy = await open(cipher);
          part.changed();
        } finally {
          loading = null;
        }
      })();
      return loading;
    },

    update(cipher, write, otherwise) {
      return part.queue(async () => {
        await part.load(cipher);
        const current = part.current(cipher.userId);
        return current ? write(current) : otherwise;
      });
    },

    queue(write) {
      const next = writes.then(write, write);
      writes = next.catch(() => undefined);
      return next;
    },

    forget() {
      const had = (forgetAlso?.() ?? false) || copy !== null;
      copy = null;
      if (had) part.changed();
    },

    changed() {
      revision += 1;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revision: () => revision,
    async refreshKept() {
      const cipher = keys.current();
      if (cipher && refresh) await refresh(cipher);
    },
    useRevision: () => useSyncExternalStore(part.subscribe, part.revision, part.revision),
  };

  // The decrypted copy never outlives the key.
  keys.onChange((cipher) => {
    if (!cipher || cipher.userId !== copy?.userId) part.forget();
  });
  return part;
}
