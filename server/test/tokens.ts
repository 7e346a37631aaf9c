import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';

/** Hand-made tokens for the ways a token can be bad. */
export function badTokens(user: { id: string; tokenVersion: number }) {
  const secret = fs.readFileSync(path.join(process.env.DATA_DIR ?? '', 'jwt-secret'), 'utf8').trim();
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { sub: user.id, ver: user.tokenVersion, jti: crypto.randomUUID() };
  return {
    malformed: 'not-a-token',
    wrongSignature: jwt.sign(claims, 'another secret of at least thirty-two chars', { algorithm: 'HS256', expiresIn: '1h' }),
    algNone: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
    expired: jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' }),
    otherAlgorithm: jwt.sign(claims, secret, { algorithm: 'HS512', expiresIn: '1h' }),
  };
}
