import { z } from 'zod';
import type { EnrolmentStatus } from './enrolments';
import type { Site } from './site-fields';
import type { GoalArea, GoalStatus } from './whanau';

/**
 * The whānau's own app (DESIGN §4e, issue 34): a member links a phone with a one-time code from
 * their kaimahi and then reads only what was shared with their whānau. Decision 129 says how the
 * code, the device token and the PIN work.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or off a screen is not misread. */
export const inviteAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A code is 12 characters: 4 that find the invite (not secret) and 8 secret ones (40 bits). */
export const inviteCode = { lookupLength: 4, secretLength: 8, validHours: 72, wrongTriesPerInvite: 5 } as const;
/** Members of at least this age may link a phone. */
export const memberMinAge = 16;

/** Reads a code as typed: case, spaces and dashes do not matter, and O/I/L read as 0/1/1. */
export function normaliseInviteCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `XXXX-XXXX-XXXX`, as the kaimahi shows it. */
export const formatInviteCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const codeLength = inviteCode.lookupLength + inviteCode.secretLength;

/** `POST /api/whanau/{id}/invites` (a kaimahi who sees the whānau): the adult member to invite. */
export const CreateInviteSchema = z.object({ clientId: z.uuid({ error: 'Choose the member to invite' }) });
export type CreateInviteInput = z.infer<typeof CreateInviteSchema>;
/** The code is shown once, here, and stored only as a keyed hash. */
export type CreatedInvite = { _id: string; whanauId: string; clientId: string; code: string; expiresAt: string };

/** `POST /api/whanau-app/link`: the code from the kaimahi. */
export const LinkDeviceSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .max(40, { error: 'Code must be at most 40 characters' })
    .transform(normaliseInviteCode)
    .refine((code) => code.length === codeLength && [...code].every((char) => inviteAlphabet.includes(char)), {
      error: `Code must be ${codeLength} letters and numbers`,
    }),
});
export type LinkDeviceInput = z.input<typeof LinkDeviceSchema>;
/** `token`: the device token (`x-auth-token`) for `/api/whanau-app/...` only; `deviceKey` wraps the copy's key on this phone. */
export type LinkedDevice = { token: string; deviceId: string; deviceKey: string; whanauId: string; clientId: string };

/** A linked phone as kaimahi see it on the whānau page. */
export type WhanauDeviceRecord = {
  _id: string;
  whanauId: string;
  clientId: string;
  memberName: string;
  linkedAt: string;
  lastSeenAt: string;
  revokedAt: string | null;
};

/** A goal as the whānau sees it: shared by a kaimahi, without who wrote it or under which service. */
export type SharedGoal = { _id: string; area: GoalArea; text: string; status: GoalStatus; targetDate: string | null; sharedAt: string };
/** A next step or planned visit shared with the whānau; `goalId` only when that goal is shared too. */
export type SharedStep = { _id: string; goalId: string | null; text: string; dueOn: string; done: boolean; sharedAt: string };

/**
 * `GET /api/whanau-app`: everything the phone keeps, read through the member's need-to-know rule.
 * What a kaimahi unshares is missing from the next answer, so the phone drops it.
 */
export type WhanauAppView = {
  whanau: { _id: string; name: string };
  member: {
    _id: string;
    givenName: string;
    familyName: string;
    preferredName: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
    suburb: string | null;
  };
  enrolments: { _id: string; serviceKey: string; status: EnrolmentStatus; receivedAt: string }[];
  goals: SharedGoal[];
  steps: SharedStep[];
  trust: Pick<Site, 'name' | 'phone' | 'email' | 'address' | 'hours'>;
};

/** `PUT /api/whanau/{id}/shares` (staff): share a goal or a task with the whānau, or stop sharing it. */
export const ShareItemSchema = z.object({
  itemKind: z.enum(['goal', 'task'], { error: 'Choose a goal or a follow-up' }),
  itemId: z.uuid({ error: 'Must be a valid id' }),
  shared: z.boolean({ error: 'Say whether to share it' }),
});
export type ShareItemInput = z.infer<typeof ShareItemSchema>;
/** What is shared with a whānau, as kaimahi see it: who shared each item and when. */
export type WhanauShareRecord = { itemKind: 'goal' | 'task'; itemId: string; sharedWithWhanau: true; sharedBy: string; sharedByName: string; sharedAt: string };
