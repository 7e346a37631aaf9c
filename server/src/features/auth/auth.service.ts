import { Op } from 'sequelize';
import { limits } from '../../../contract/limits';
import { RevokedToken } from '../../db/models/revoked-token';
import { User } from '../../db/models/user';
import type { TokenClaims } from '../../lib/app-context';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { createCounter } from '../../lib/rate-limit';
import { signToken } from '../../lib/tokens';

const failuresByAccount = createCounter(limits.loginFailuresPerAccount, limits.loginWindowMs);
const failuresByIp = createCounter(limits.loginFailuresPerIp, limits.loginWindowMs);

/**
 * Signs in by email and password. Unknown email, wrong password and inactive account give
 * the same answer in about the same time; failures are counted per account and per IP.
 */
export async function logIn(email: string, password: string, ip: string): Promise<string> {
  failuresByAccount.check(email);
  failuresByIp.check(ip);
  const user = await User.findOne({ where: { email } });
  const matches = await verifyPassword(user?.passwordHash, password);
  if (!user || !matches || !user.active) {
    failuresByAccount.add(email);
    failuresByIp.add(ip);
    throw badRequest('Invalid credentials', undefined, 'invalid_credentials');
  }
  failuresByAccount.clear(email);
  return signToken(user);
}

/** Revokes one token until it would have expired anyway; old revocations are swept. */
export async function logOut(token: TokenClaims): Promise<void> {
  await RevokedToken.upsert({ jti: token.jti, expiresAt: new Date(token.exp * 1000) });
  await RevokedToken.destroy({ where: { expiresAt: { [Op.lt]: new Date() } } });
}
