import { z } from 'zod';
import { emailAddress, requiredText } from './common';
import { serviceKeys } from './enrolments';
import { limits } from './limits';

/** Fewer different characters than this (`aaaaaaaaaaaa`, `abababababab`, twelve spaces) is too repetitive. */
const passwordDistinctMin = 5;

/**
 * A new staff password (NIST SP 800-63B): long enough, not trivially repetitive. The server also
 * refuses common and breached passwords (server/src/lib/password-policy.ts), a list too big for the app.
 */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMin, { error: `Password must be at least ${limits.passwordMin} characters`, abort: true })
  .max(limits.passwordMax, { error: `Password must be at most ${limits.passwordMax} characters`, abort: true })
  .refine((password) => new Set(password).size >= passwordDistinctMin, {
    error: 'Password is too repetitive: use a few unrelated words instead',
    abort: true,
  });
const password = NewPasswordSchema;
const access = z
  .number({ error: (issue) => (issue.input === undefined ? 'Access is required' : 'Access must be a number') })
  .int({ error: 'Access must be a whole number' })
  .min(limits.accessMin, { error: `Access must be at least ${limits.accessMin}` })
  .max(limits.accessMax, { error: `Access must be at most ${limits.accessMax}` });
const email = emailAddress();

/** The services a kaimahi works on (service keys, no repeats); managers see every service whatever this holds. */
const services = z
  .array(
    z.string({ error: 'Services must be service keys' }).refine((key) => serviceKeys.includes(key), { error: 'No service has that key' }),
    { error: 'Services must be a list of service keys' },
  )
  .refine((keys) => new Set(keys).size === keys.length, { error: 'Name each service once', when: (payload) => Array.isArray(payload.value) });

export const CreateUserSchema = z.object({ name: requiredText('Name'), email, access, password, services: services.default([]) });
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

export const UpdateUserSchema = z
  .object({ name: requiredText('Name'), email, access, active: z.boolean({ error: 'Active must be true or false' }), password, services })
  .partial();
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** A staff account as managers see it. */
export type StaffUser = { _id: string; name: string; email: string; access: number; services: string[]; active: boolean; createdAt: string; updatedAt: string };

/** `GET /api/services/{key}/staff`: the key must be one of the catalogue's. */
export const ServiceStaffParamsSchema = z.object({
  key: z.string({ error: 'Service must be a service key' }).refine((key) => serviceKeys.includes(key), { error: 'No service has that key' }),
});

/** A kaimahi a follow-up can be assigned to: an active staff account that works on the service (decision 106). */
export type ServiceStaffMember = { _id: string; name: string };
