/**
 * The cryptography of the staff vault (DESIGN §6, decision 045), WebCrypto only:
 *
 * - a key-encryption key derived from the person's password with PBKDF2-SHA-256
 *   (`vaultIterations` rounds, a random 16-byte salt per device copy);
 * - a random AES-GCM 256-bit data key that encrypts the copy, stored only wrapped (AES-GCM) by
 *   the key-encryption key. A wrong password fails the wrap's authentication tag, which is how
 *   the unlock screen checks a password without the server;
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

/** A new data key for a new copy: returned wrapped (to store) and ready (to keep in memory). */
export async function createDataKey(password: string, iterations: number = vaultIterations): Promise<{ stored: WrappedKey; key: CryptoKey }> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrappingKey = await deriveWrappingKey(password, salt, iterations);
  // Extractable only for this one wrap; the copy kept in memory is unwrapped non-extractable.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const wrapped = await crypto.subtle.wrapKey('raw', fresh, wrappingKey, { name: 'AES-GCM', iv });
  const stored = { salt, iterations, iv, wrapped };
  return { stored, key: await unwrapDataKeyWith(wrappingKey, stored) };
}

function unwrapDataKeyWith(wrappingKey: CryptoKey, stored: WrappedKey): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey(
    'raw',
    stored.wrapped,
    wrappingKey,
    { name: 'AES-GCM', iv: new Uint8Array(stored.iv) },
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The data key, or null when the password is not the one the copy was made with. */
export async function unwrapDataKey(password: string, stored: WrappedKey): Promise<CryptoKey | null> {
  const wrappingKey = await deriveWrappingKey(password, new Uint8Array(stored.salt), stored.iterations);
  try {
    return await unwrapDataKeyWith(wrappingKey, stored);
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
