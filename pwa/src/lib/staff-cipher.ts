/**
 * The meeting point between the staff vault (the encrypted copy of a kaimahi's caseload) and the
 * outbox (which must not keep a staff edit's words in plain text either). DESIGN §6: staff data
 * on the device is AES-GCM encrypted with a key that lives in memory only.
 *
 * The vault sets the cipher when the signed-in person unlocks (sign-in, or the unlock screen
 * after reopening with no signal) and clears it at sign-out, on a wipe, or when the page goes
 * away. While it is null, staff operations stay queued: they cannot be read, so they cannot be
 * sent, and the page says the copy is locked.
 */

/** An encrypted value as IndexedDB stores it: AES-GCM ciphertext (tag included) and its 12-byte IV. */
export type Sealed = { v: 1; iv: Uint8Array; data: ArrayBuffer };

export type StaffCipher = {
  /** The id of the person whose key this is: one person's items are never opened with another's. */
  userId: string;
  /** Encrypts any structured-cloneable value (JSON shape). */
  seal(value: unknown): Promise<Sealed>;
  /** Decrypts what `seal` made; rejects when the data was altered or sealed with another key. */
  open(sealed: Sealed): Promise<unknown>;
};

let current: StaffCipher | null = null;
const listeners = new Set<(cipher: StaffCipher | null) => void>();

/** Set by the vault on unlock (a cipher) and on lock, sign-out or wipe (null). */
export function setStaffCipher(cipher: StaffCipher | null): void {
  current = cipher;
  for (const listener of listeners) listener(cipher);
}

/** The unlocked cipher of the signed-in person, or null while the copy is locked. */
export function getStaffCipher(): StaffCipher | null {
  return current;
}

/** Calls `listener` whenever the vault locks or unlocks (e.g. to send what waited). Returns an unsubscribe. */
export function onStaffCipherChange(listener: (cipher: StaffCipher | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    'v' in value &&
    value.v === 1 &&
    'iv' in value &&
    value.iv instanceof Uint8Array &&
    'data' in value &&
    value.data instanceof ArrayBuffer
  );
}
