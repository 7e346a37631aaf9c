/**
 * The cryptography of the staff vault (DESIGN §6, decision 045), WebCrypto only:
 *
 * - a key-encryption key derived from the person's password with PBKDF2-SHA-256
 *   (`vaultIterations` rounds, a random 16-byte salt per device copy);
 * - a random AES-GCM 256-bit data key that encrypts the copy, stored only wrapped (AES-GCM) by
 *   the key-encryption key. A wrong password fails the wrap's authentication tag, which is how
 *   the unlock screen checks a password without the server;
 * - the same data key also wrapped by the session's device secret (`GET /api/auth/device-key`, 256
 *   random-looking bits the server gives only to a valid token), so the app reopens with signal and
 *   a live session without the password; the secret is not kept on the device;
 * - optionally the same data key wrapped once more by a key derived from a short PIN the person set
 *   for this phone (the same PBKDF2 form as the password's, its own salt), for a quicker unlock with
 *   no signal (decision 118);
 * - the unwrapped data key is non-extractable and lives in memory only.
 *
 * Every sealed value is AES-GCM with a fresh 12-byte IV and the owner's id as additional data,
 * so one person's sealed rows cannot be opened as another's even by the same key.
 */
import type { Sealed, StaffCipher } from '../staff-cipher';

/** PBKDF2 rounds: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
export const vaultIterations = 600_000;

/** What is kept on the device to unlock the copy: nothing in it reveals the password or the key. */
export type WrappedKey = { salt: Uint8Array; iterations: number; iv: Uint8Array; wrapped: ArrayBuffer };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

async function deriveWrappingKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, [
    'wrapKey',
    'unwrapKey',
  ]);
}

/**
 * A data key opened with the password: ready to keep in memory, and wrappable once more for a
 * session's device secret or for a PIN.
 */
export type OpenedDataKey = {
  key: CryptoKey;
  wrapForDevice(deviceSecret: string): Promise<DeviceWrappedKey>;
  /** The key wrapped by one derived from `pin` (PBKDF2, its own salt): opened again with `unwrapDataKey(pin, …)`. */
  wrapForPin(pin: string, iterations?: number): Promise<WrappedKey>;
};

function opened(key: CryptoKey, extractable: CryptoKey): OpenedDataKey {
  return {
    key,
    async wrapForDevice(deviceSecret) {
      const iv = randomBytes(12);
      return { iv, wrapped: await crypto.subtle.wrapKey('raw', extractable, await deviceWrappingKey(deviceSecret), { name: 'AES-GCM', iv }) };
    },
    async wrapForPin(pin, iterations = vaultIterations) {
      const salt = randomBytes(16);
      const iv = randomBytes(12);
      const wrappingKey = await deriveWrappingKey(pin, salt, iterations);
      return { salt, iterations, iv, wrapped: await crypto.subtle.wrapKey('raw', extractable, wrappingKey, { name: 'AES-GCM', iv }) };
    },
  };
}

/** A new data key for a new copy: returned wrapped (to store) and ready (to keep in memory). */
export async function createDataKey(password: string, iterations: number = vaultIterations): Promise<{ stored: WrappedKey } & OpenedDataKey> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrappingKey = await deriveWrappingKey(password, salt, iterations);
  // Extractable only for these wraps (never kept); the copy kept in memory is unwrapped non-extractable.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const wrapped = await crypto.subtle.wrapKey('raw', fresh, wrappingKey, { name: 'AES-GCM', iv });
  const stored = { salt, iterations, iv, wrapped };
  return { stored, ...opened(await unwrapDataKeyWith(wrappingKey, stored), fresh) };
}

function unwrapDataKeyWith(wrappingKey: CryptoKey, stored: WrappedKey, extractable = false): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey(
    'raw',
    stored.wrapped,
    wrappingKey,
    { name: 'AES-GCM', iv: new Uint8Array(stored.iv) },
    { name: 'AES-GCM', length: 256 },
    extractable,
    ['encrypt', 'decrypt'],
  );
}

/** The data key, or null when the password (or the PIN, for its own wrapping) is not the one it was wrapped with. */
export async function unwrapDataKey(password: string, stored: WrappedKey): Promise<CryptoKey | null> {
  const wrappingKey = await deriveWrappingKey(password, new Uint8Array(stored.salt), stored.iterations);
  try {
    return await unwrapDataKeyWith(wrappingKey, stored);
  } catch {
    return null;
  }
}

/** The data key wrapped by a session's device secret: no salt or rounds (the secret is random, not a password). */
export type DeviceWrappedKey = { iv: Uint8Array; wrapped: ArrayBuffer };

function deviceWrappingKey(deviceSecret: string): Promise<CryptoKey> {
  const bytes = Uint8Array.from(atob(deviceSecret.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('raw', bytes, { name: 'AES-GCM', length: 256 }, false, ['wrapKey', 'unwrapKey']);
}

/** The data key opened with the password (one derivation), ready to keep and to wrap for the device; null when the password is not the copy's. */
export async function openDataKey(password: string, stored: WrappedKey): Promise<OpenedDataKey | null> {
  const wrappingKey = await deriveWrappingKey(password, new Uint8Array(stored.salt), stored.iterations);
  try {
    const [key, extractable] = await Promise.all([unwrapDataKeyWith(wrappingKey, stored), unwrapDataKeyWith(wrappingKey, stored, true)]);
    return opened(key, extractable);
  } catch {
    return null;
  }
}

/** The data key opened with the device secret, or null when this secret is not the one it was wrapped with (another session). */
export async function unwrapWithDevice(stored: DeviceWrappedKey, deviceSecret: string): Promise<CryptoKey | null> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      stored.wrapped,
      await deviceWrappingKey(deviceSecret),
      { name: 'AES-GCM', iv: new Uint8Array(stored.iv) },
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  } catch {
    return null;
  }
}

/** Seals and opens JSON-shaped values with `key`, bound to `userId`. */
export function createCipher(userId: string, key: CryptoKey): StaffCipher {
  const additionalData = encoder.encode(userId);
  return {
    userId,
    async seal(value: unknown): Promise<Sealed> {
      const iv = randomBytes(12);
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, encoder.encode(JSON.stringify(value)));
      return { v: 1, iv, data };
    },
    async open(sealed: Sealed): Promise<unknown> {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv), additionalData }, key, sealed.data);
      return JSON.parse(decoder.decode(plain));
    },
  };
}
