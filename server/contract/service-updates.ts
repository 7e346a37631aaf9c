import { z } from 'zod';
import { optionalText } from './common';
import { serviceStatuses } from './services';

/** A manager opening or closing enrolment. Kept apart from services.ts so public pages load no zod. */
export const UpdateServiceSchema = z
  .object({
    status: z.enum(serviceStatuses, { error: 'Status must be active, live or inactive' }),
    statusText: optionalText('Status text').transform((text) => text ?? ''),
  })
  .partial()
  .refine((value) => value.status !== undefined || value.statusText !== undefined, {
    error: 'Give a status or a status text',
  });
export type UpdateServiceInput = z.infer<typeof UpdateServiceSchema>;
