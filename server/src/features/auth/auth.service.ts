import { Op } from 'sequelize';
import { limits } from '../../../contract/limits';
import { RevokedToken } from '../../db/models/revoked-token';
import { User } from '../../db/models/user';
import type { TokenClaims } from '../../lib/app-context';
import { now } from '../../lib/clock';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createThrottle } from '../../lib/rate-limit';
import { signToken } from '../../lib/tokens';

const delays = { firstDelayMs: limits.loginFirstDelayMs, maxDelayMs: limits.loginMaxDelayMs, forgetAfterMs: limits.loginForgetAfterMs };
/** One guesser at one account. */
const failuresByAccountAndIp = createThrottle({ ...delays, free: limits.loginFreeFailuresPerAccountAndIp });
/**
 * One address trying many accounts; generous, since a whole office or marae can share it. A pair
 * (email, address) that signed in lately skips it (decision 085): only account + address holds it.
 * A right password passes its wait (decision 113); a wrong one is refused as while waiting.
 */
const failuresByIp = createThrottle({ ...delays, free: limits.loginFreeFailuresPerIp });
/** Many addresses at one account; applies only where the account has not signed in before. */
const failuresByAccount = createThrottle({ ...delays, free: limits.loginFreeFailuresPerAccount });

/** Addresses each account signed in from lately: its owner there is not slowed by guessing elsewhere. */
const knownAddresses = new Map<string, number>();
const pairKey = (email: string, ip: string) => `${email}\n${ip}`;

function isKnownAddress(email: string, ip: string, at: number): boolean {
  const until = knownAddresses.get(pairKey(email, ip));
  return until !== undefined && until > at;
}

function rememberAddress(email: string, ip: string, at: number): void {
  knownAddresses.set(pairKey(email, ip), at + limits.loginKnownAddressMs);
  if (knownAddresses.size > 50_000) for (const [key, until] of knownAddresses) if (until <= at) knownAddresses.delete(key);
}

/**
 * A refusal is logged at most once a minute per address: a flood of refused attempts each still
 * gets 429, but adds one log line a minute, not one per attempt (issue 21).
 */
const refusalLoggedAt = new Map<string, number>();
const refusalLogEveryMs = 60_000;

function logRefusal(email: string, ip: string, at: number): void {
  const last = refusalLoggedAt.get(ip);
  if (last !== undefined && at - last < refusalLogEveryMs) return;
  refusalLoggedAt.set(ip, at);
  if (refusalLoggedAt.size > 50_000) for (const [key, loggedAt] of refusalLoggedAt) if (at - loggedAt >= refusalLogEveryMs) refusalLoggedAt.delete(key);
  logger.warn({ ip, account: email }, 'sign-in refused: too many failures, must wait');
}

/**
 * Refuses (429) an attempt the account's keys hold back, before any password check. Answers how
 * long the address must still wait: only a right password passes that wait (decision 113), so
 * strangers' failures on an office's address keep no colleague out, while guesses at an account
 * stay bounded by its own keys.
 */
function checkThrottles(email: string, ip: string, at: number): number {
  try {
    failuresByAccountAndIp.check(pairKey(email, ip), at);
    // Someone who signed in here before is not kept out by strangers' failures at the same address.
    if (isKnownAddress(email, ip, at)) return 0;
    failuresByAccount.check(email, at);
  } catch (error) {
    logRefusal(email, ip, at);
    throw error;
  }
  return failuresByIp.remainingMs(ip, at);
}

/** The address must wait and the password was not the right one: refused as before the check. */
function refuseWaitingAddress(email: string, ip: string, waitMs: number): never {
  logRefusal(email, ip, now());
  throw tooManyRequests(Math.ceil(waitMs / 1000));
}

/**
 * About how long a password check takes (a running average), spent instead of one on an unknown
 * or inactive account while its address waits: no hashing for a stream of made-up emails, and
 * no quicker answer that would tell an email is unknown.
 */
let usualCheckMs = 50;

async function timedVerify(passwordHash: string | undefined, password: string): Promise<boolean> {
  const started = performance.now();
  const matches = await verifyPassword(passwordHash, password);
  usualCheckMs = 0.8 * usualCheckMs + 0.2 * (performance.now() - started);
  return matches;
}

function recordFailure(email: string, ip: string, at: number): void {
  failuresByAccountAndIp.fail(pairKey(email, ip), at);
  failuresByIp.fail(ip, at);
  failuresByAccount.fail(email, at);
  // The account tried and where from, so an operator can see an attack; never the password.
  logger.warn({ ip, account: email }, 'sign-in failed');
}

/**
 * Signs in by email and password. Unknown email, wrong password and inactive account give
 * the same answer in about the same time; failures slow down further tries (see `limits`).
 */
export async function logIn(email: string, password: string, ip: string): Promise<string> {
  const addressWaitMs = checkThrottles(email, ip, now());
  const user = await User.findOne({ where: { email } });
  if (addressWaitMs > 0 && !user?.active) {
    await new Promise((resolve) => setTimeout(resolve, usualCheckMs));
    refuseWaitingAddress(email, ip, addressWaitMs);
  }
  const matches = await timedVerify(user?.passwordHash, password);
  const at = now();
  if (!user || !matches || !user.active) {
    recordFailure(email, ip, at);
    if (addressWaitMs > 0) refuseWaitingAddress(email, ip, addressWaitMs);
    throw badRequest('Invalid credentials', undefined, 'invalid_credentials');
  }
  failuresByAccountAndIp.clear(pairKey(email, ip));
  rememberAddress(email, ip, at);
  return signToken(user);
}

/**
 * A signed-in person changes their own password. The current one is checked (and a wrong one
 * counts as a failed sign-in); every token of theirs stops working, and the new token returned
 * keeps this session going.
 */
export async function changeOwnPassword(user: User, currentPassword: string, newPassword: string, ip: string): Promise<string> {
  const addressWaitMs = checkThrottles(user.email, ip, now());
  if (!(await timedVerify(user.passwordHash, currentPassword))) {
    recordFailure(user.email, ip, now());
    if (addressWaitMs > 0) refuseWaitingAddress(user.email, ip, addressWaitMs);
    throw badRequest('Your current password is not right', 'currentPassword', 'invalid_credentials');
  }
  const passwordHash = await hashPassword(newPassword);
  await user.update({ passwordHash, tokenVersion: user.tokenVersion + 1 });
  return signToken(user);
}

/** Revokes one token until it would have expired anyway; old revocations are swept. */
export async function logOut(token: TokenClaims): Promise<void> {
  await RevokedToken.upsert({ jti: token.jti, expiresAt: new Date(token.exp * 1000) });
  await RevokedToken.destroy({ where: { expiresAt: { [Op.lt]: new Date() } } });
}
