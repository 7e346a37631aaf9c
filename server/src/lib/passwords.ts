import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: 19 MiB of memory, 2 passes, 1 lane. */
const options = { algorithm: 2 as const /* Algorithm.Argon2id, a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when an email is unknown, so a miss costs the same time as a wrong password.
const decoy = hash('decoy password that matches nothing', options);

/** True when the password matches; with no hash, spends the same effort and says false. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    const matches = await verify(passwordHash ?? (await decoy), password);
    return passwordHash !== undefined && matches;
  } catch {
    return false;
  }
}
