import type { z } from 'zod';

/**
 * Reads a list the API answered, item by item, with the contract's schema: a malformed item is
 * skipped and reported in the console, so one bad record never replaces a whole page with an
 * error. An answer that is not a list at all counts as empty.
 */
export function parseItems<Schema extends z.ZodType>(schema: Schema, body: unknown, what: string): z.infer<Schema>[] {
  if (!Array.isArray(body)) {
    console.warn(`The ${what} answer was not a list; showing none.`);
    return [];
  }
  const items: z.infer<Schema>[] = [];
  for (const [index, item] of body.entries()) {
    const parsed = schema.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else console.warn(`Skipped ${what} item ${index}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  return items;
}
