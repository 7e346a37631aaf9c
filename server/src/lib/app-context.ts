import type { ParameterizedContext } from 'koa';
import type { User } from '../db/models/user';
import type { MemberCaller } from './need-to-know';

/** What a token says once verified. */
export type TokenClaims = { sub: string; jti: string; ver: number; exp: number };

/** Request state: set by `authenticate` (staff) or by the whānau app's `authenticateMember` (a linked phone). */
export type AppState = { user?: User; token?: TokenClaims; member?: MemberCaller };
export type AppContext = ParameterizedContext<AppState>;
