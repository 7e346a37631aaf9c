import { z } from 'zod';
import { emailAddress } from './common';
import { limits } from './limits';
import { NewPasswordSchema } from './users';

const givenPassword = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(limits.passwordMax, {
      error: `${label} must be at most ${limits.passwordMax} characters`,
    });

export const LoginSchema = z.object({ email: emailAddress(), password: givenPassword('Password') });
export type LoginInput = z.infer<typeof LoginSchema>;
export type LoginResult = { token: string };

/** `POST /api/auth/password`: a signed-in person changes their own password. */
export const ChangePasswordSchema = z.object({ currentPassword: givenPassword('Current password'), newPassword: NewPasswordSchema });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The signed-in person as `GET /api/auth` and the users API show them: never a hash. */
/** `services`: the keys of the services the person works on (managers see every service). */
export type CurrentUser = { _id: string; name: string; email: string; access: number; services: string[] };

/** `GET /api/auth/device-key`: this session's device secret (256 bits, base64url), for the staff copy's key on the device. */
export type DeviceKey = { deviceKey: string };
