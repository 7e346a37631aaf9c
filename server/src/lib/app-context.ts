import type { ParameterizedContext } from 'koa';
import type { User } from '../db/models/user';

/** What a token says once verified. */
export type TokenClaims = { sub: string; jti: string; ver: number; exp: number };

/** Request state: set by `authenticate`. */
export type AppState = { user?: User; token?: TokenClaims };
export type AppContext = ParameterizedContext<AppState>;
