import { z } from 'zod';
import { clientFields, type ClientField, type ClientRecord, type DuplicateCandidate } from './clients';
import { IdSchema } from './common';
import { BaseVersionSchema } from './enrolments';

/**
 * Duplicates and merge (DESIGN §4f, decision 120), for managers: likely pairs among clients, a
 * pair marked "not the same person", and a merge that keeps chosen values field by field.
 */

/** `GET /api/duplicates`: one likely pair (`a` has the smaller id) and why it matched. */
export type DuplicatePair = { a: ClientRecord; b: ClientRecord; reasons: DuplicateCandidate['reasons'] };

/** `POST /api/duplicates/not-same`: the pair stops showing. */
export const NotSameSchema = z
  .object({ a: IdSchema, b: IdSchema })
  .refine((pair) => pair.a !== pair.b, { error: 'A record is always the same as itself', path: ['b'] });
export type NotSameInput = z.infer<typeof NotSameSchema>;

const sides = ['kept', 'other'] as const;

/**
 * `POST /api/clients/{keptId}/merge`: which record's value each field keeps (`kept` when not
 * named), and the versions both records were seen at (either changed since → 409).
 */
export const MergeSchema = z.object({
  otherId: IdSchema,
  choices: z
    .record(z.string(), z.unknown(), { error: 'Choices must be an object of field: kept or other' })
    .default({})
    // Every bad field and every bad side is named, each at its own path.
    .superRefine((choices, ctx) => {
      for (const [field, side] of Object.entries(choices)) {
        if (!(clientFields as string[]).includes(field)) ctx.addIssue({ code: 'custom', message: 'That is not a field of a client record', path: [field] });
        else if (!(sides as readonly unknown[]).includes(side)) ctx.addIssue({ code: 'custom', message: "Choose 'kept' or 'other'", path: [field] });
      }
    })
    .transform((choices) => choices as Partial<Record<ClientField, (typeof sides)[number]>>),
  baseVersions: z.object({ kept: BaseVersionSchema, other: BaseVersionSchema }, { error: 'Give the versions of both records as seen' }),
});
export type MergeInput = z.infer<typeof MergeSchema>;

/** What a merge answers and `GET /api/merges/{id}` describes: the kept record now and what moved to it. */
export type MergeRecord = {
  _id: string;
  keptId: string;
  otherId: string;
  at: string;
  actorId: string | null;
  /** How many of each kind of record moved to the kept record. */
  moved: Record<MovedKind, number>;
  undoneAt: string | null;
  kept: ClientRecord;
};
export const movedKinds = ['notes', 'contacts', 'goals', 'tasks', 'enrolments', 'memberships', 'corrections', 'leads'] as const;
export type MovedKind = (typeof movedKinds)[number];
