import { z } from 'zod';
import { requiredText } from './common';
import { serviceKeys } from './enrolments';
import { limits } from './limits';

const email = z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email({ error: 'Please include a valid email' }));
const password = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMin, { error: `Password must be at least ${limits.passwordMin} characters` })
  .max(limits.passwordMax, { error: `Password must be at most ${limits.passwordMax} characters` });
const access = z
  .number({ error: (issue) => (issue.input === undefined ? 'Access is required' : 'Access must be a number') })
  .int({ error: 'Access must be a whole number' })
  .min(limits.accessMin, { error: `Access must be at least ${limits.accessMin}` })
  .max(limits.accessMax, { error: `Access must be at most ${limits.accessMax}` });

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
