import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { limits } from '../../contract/limits';
import { getConfig } from '../config';
import type { TokenClaims } from './app-context';

/**
 * The signing secret: JWT_SECRET when set (several instances must share it), otherwise 256
 * random bits made on first start and kept in the data folder, readable by the owner only.
 */
function loadSecret(): string {
  const config = getConfig();
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const secret = loadSecret();

export function signToken(user: { id: string; tokenVersion: number }): string {
  return jwt.sign({ ver: user.tokenVersion }, secret, {
    algorithm: 'HS256',
    subject: user.id,
    jwtid: crypto.randomUUID(),
    expiresIn: `${limits.tokenHours}h`,
  });
}

/** Verifies signature (HS256 only, so `alg: none` and others fail) and expiry; returns undefined when bad. */
export function verifyToken(token: string): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    // A whānau member's device token is never a staff token (DESIGN §4e).
    if (typeof claims === 'string' || claims.aud !== undefined) return undefined;
    const { sub, jti, ver, exp } = claims;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof ver !== 'number' || typeof exp !== 'number') return undefined;
    return { sub, jti, ver, exp };
  } catch {
    return undefined;
  }
}

/** A key of its own for device secrets, derived from the signing secret (never the secret itself). */
const deviceKeyRoot = crypto.hkdfSync('sha256', secret, 'te-whare-trust', 'device-key', 32);

/**
 * The device secret of one session: it wraps the staff copy's key on that device, so the app
 * reopens with signal and a live session without asking for the password (DESIGN §6). The same
 * for the same token, and nothing to store: a signed-out, expired or revoked token is refused
 * before it is asked, so the secret is gone with the session.
 */
export function deviceSecretFor(claims: TokenClaims): string {
  return crypto.createHmac('sha256', Buffer.from(deviceKeyRoot)).update(claims.jti).digest('base64url');
}

/** The audience of a whānau member's device token: only `/api/whanau-app/...` routes accept it (decision 129). */
const memberAudience = 'whanau-app';

/** A linked phone's token: its subject is the device, revoked with the device's token version. */
export function signMemberToken(device: { id: string; tokenVersion: number }): string {
  return jwt.sign({ ver: device.tokenVersion }, secret, {
    algorithm: 'HS256',
    subject: device.id,
    audience: memberAudience,
    jwtid: crypto.randomUUID(),
    expiresIn: `${limits.memberTokenDays}d`,
  });
}

/** As `verifyToken`, for device tokens only: a staff token is refused here, as a device token is there. */
export function verifyMemberToken(token: string): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'], audience: memberAudience });
    if (typeof claims === 'string') return undefined;
    const { sub, jti, ver, exp } = claims;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof ver !== 'number' || typeof exp !== 'number') return undefined;
    return { sub, jti, ver, exp };
  } catch {
    return undefined;
  }
}

/** A keyed hash of an invite's secret: a stolen database alone cannot be searched for codes. */
export function inviteCodeHash(secretPart: string): string {
  return crypto.createHmac('sha256', Buffer.from(deviceKeyRoot)).update(`invite:${secretPart}`).digest('hex');
}

/** A linked phone's device secret: the same for the life of the link, gone with it when the device is revoked. */
export function memberDeviceSecretFor(device: { id: string; tokenVersion: number }): string {
  return crypto.createHmac('sha256', Buffer.from(deviceKeyRoot)).update(`member:${device.id}:${device.tokenVersion}`).digest('base64url');
}
