import { z } from 'zod';
import { limits } from './limits';

export const LoginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email({ error: 'Please include a valid email' })),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(limits.passwordMax, {
    error: `Password must be at most ${limits.passwordMax} characters`,
  }),
});
export type LoginInput = z.infer<typeof LoginSchema>;
export type LoginResult = { token: string };

/** The signed-in person as `GET /api/auth` and the users API show them: never a hash. */
/** `services`: the keys of the services the person works on (managers see every service). */
export type CurrentUser = { _id: string; name: string; email: string; access: number; services: string[] };
