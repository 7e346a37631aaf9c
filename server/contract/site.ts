import { z } from 'zod';
import { requiredText } from './common';
import { issueCode } from './errors';
import { limits } from './limits';
import { siteFields, type SiteField } from './site-fields';

/*
 * The trust's own details and pages (DESIGN §4b, last table): site settings, the team
 * (KAITIAKI) and the services the trust ran before. Content, not code: a fresh install holds
 * none of them, and every field is null or the lists empty until a manager fills them in.
 */

export const siteLimits = {
  /** Street and postal address, opening hours: a few lines each. */
  addressMax: 500,
  hoursMax: 1000,
  /** A team member's bio, a former service's story. */
  bioMax: 4000,
  charityNumberMax: 40,
  /** "2012–2019", "Since 1998". */
  yearsMax: 60,
  urlMax: 2000,
  /** Position in a list. */
  orderMax: 10_000,
  /** Digits of a New Zealand number written nationally (0 3 123 4567 … 0800 123 4567 8). */
  phoneDigitsMin: 8,
  phoneDigitsMax: 11,
} as const;

export { siteFields, type Site, type SiteField } from './site-fields';

const invisible = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const invisibleInLines = /(?![\t\n\r\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * A setting as a PATCH sends it: text, or '' / null to clear it (stored as null). Trimmed, NFC,
 * bounded, no invisible characters; `check` adds the field's own rule (URL, phone, email).
 */
function setting(label: string, max: number, options: { lines?: boolean; check?: (value: string, ctx: z.RefinementCtx) => void } = {}) {
  return z
    .string({ error: `${label} must be text` })
    .nullable()
    .transform((value) => (value === null ? '' : value.normalize('NFC').replace(/\r\n?/g, '\n').trim()))
    .superRefine((value, ctx) => {
      if (value === '') return;
      if ((options.lines ? invisibleInLines : invisible).test(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot contain control or invisible characters`, params: issueCode('invalid_value') });
        return;
      }
      if (value.length > max) {
        ctx.addIssue({ code: 'too_big', maximum: max, origin: 'string', inclusive: true, input: value, message: `${label} must be at most ${max} characters` });
        return;
      }
      options.check?.(value, ctx);
    })
    .transform((value) => (value === '' ? null : value));
}

/** A secure web address: https only, with a host. */
function checkHttpsUrl(label: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:' || !url.hostname || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a secure web address starting with https://`, params: issueCode('invalid_format') });
    }
  };
}

/**
 * A New Zealand phone number as the trust would print it: `03 123 4567`, `021 123 4567`,
 * `0800 123 456`, `+64 3 123 4567`. Digits, spaces and + - ( ) only; written nationally it
 * starts with 0 and has 8 to 11 digits.
 */
export function nzPhoneProblem(value: string): string | undefined {
  const example = 'like 03 123 4567 or +64 3 123 4567';
  if (!/^\+?[0-9\-() ]+$/.test(value)) return `Phone number can only have digits, spaces and + - ( ), ${example}`;
  const digits = value.replace(/\D/g, '');
  const national = value.trim().startsWith('+') ? (digits.startsWith('64') ? `0${digits.slice(2)}` : '') : digits;
  if (!national.startsWith('0') || national.startsWith('00') || national.length < siteLimits.phoneDigitsMin || national.length > siteLimits.phoneDigitsMax) {
    return `Phone number must be a New Zealand number, ${example}`;
  }
  return undefined;
}

function checkPhone(value: string, ctx: z.RefinementCtx) {
  const message = nzPhoneProblem(value);
  if (message) ctx.addIssue({ code: 'custom', message, params: issueCode('invalid_phone') });
}

function checkEmail(value: string, ctx: z.RefinementCtx) {
  if (value.length > limits.emailMax || !z.email().safeParse(value).success) {
    ctx.addIssue({ code: 'custom', message: 'Please include a valid email', params: issueCode('invalid_email') });
  }
}

const siteSettingSchemas = {
  name: setting('Name', limits.shortText),
  phone: setting('Phone number', 40, { check: checkPhone }),
  email: setting('Email', limits.emailMax, { check: checkEmail }),
  address: setting('Address', siteLimits.addressMax, { lines: true }),
  postalAddress: setting('Postal address', siteLimits.addressMax, { lines: true }),
  charityNumber: setting('Charity number', siteLimits.charityNumberMax),
  donateUrl: setting('Donate link', siteLimits.urlMax, { check: checkHttpsUrl('Donate link') }),
  socialUrl: setting('Social media link', siteLimits.urlMax, { check: checkHttpsUrl('Social media link') }),
  privacyOfficer: setting('Privacy officer', limits.shortText),
  hours: setting('Opening hours', siteLimits.hoursMax, { lines: true }),
} satisfies Record<SiteField, z.ZodType>;

/**
 * `PATCH /api/site`: any of the fields; '' or null clears one. Unknown fields are dropped; a
 * body naming none of the fields is refused, so an empty save is not mistaken for a change.
 */
export const UpdateSiteSchema = z
  .object(siteSettingSchemas)
  .partial()
  .refine((changes) => siteFields.some((field) => field in changes && changes[field] !== undefined), {
    error: `Change at least one of: ${siteFields.join(', ')}`,
    params: issueCode('bad_request'),
  });
export type UpdateSiteInput = z.infer<typeof UpdateSiteSchema>;

/** The answer of `GET /api/site`, for the app to check what it reads. */
export const SiteSchema = z.object(
  Object.fromEntries(siteFields.map((field) => [field, z.string().nullable()])) as Record<SiteField, z.ZodNullable<z.ZodString>>,
);

// ---------------------------------------------------------------------------------------------
// Team members (KAITIAKI) and former services: lists managers order by hand.

/** A position in a list, from 0; moving an item to a position shifts the others along. */
const order = z.preprocess(
  // Forms send text: '' is "not given", "2" is 2; anything else is checked as it came.
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Order must be a number' })
    .int({ error: 'Order must be a whole number' })
    .min(0, { error: 'Order must be at least 0' })
    .max(siteLimits.orderMax, { error: `Order must be at most ${siteLimits.orderMax}` })
    .optional(),
);

/** Optional text of a form: '' means not given. */
const optionalLines = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    // Forms send line breaks as CRLF; stored as LF, as typed.
    .transform((value) => (value ?? '').normalize('NFC').replace(/\r\n?/g, '\n').trim())
    .refine((value) => !invisibleInLines.test(value), { error: `${label} cannot contain control or invisible characters` })
    .refine((value) => value.length <= max, { error: `${label} must be at most ${max} characters`, params: issueCode('too_long') });

/** Multipart sends every value as text: "true"/"1" remove the photo, anything else keeps it. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'Remove image must be true or false' })
  .transform((value) => value === true || value === 'true' || value === '1');

const teamMemberFields = {
  name: requiredText('Name'),
  role: optionalLines('Role', limits.shortText),
  bio: optionalLines('Bio', siteLimits.bioMax),
  /** The photo's description; required whenever the member has a photo. */
  imageAlt: optionalLines('Image description', limits.shortText),
  order,
};

/**
 * `POST /api/content/team` (multipart: these fields and an optional `image`). Without `order`
 * the member goes to the end. `imageAlt` is required when an image is sent (checked with it).
 */
export const CreateTeamMemberSchema = z.object(teamMemberFields);
export type CreateTeamMemberInput = z.infer<typeof CreateTeamMemberSchema>;

/** `PATCH /api/content/team/{id}` (JSON, or multipart to send a new `image`): any field; `removeImage` drops the photo. */
export const UpdateTeamMemberFieldsSchema = z.object({ ...teamMemberFields, removeImage: flag }).partial();
export const teamMemberNothingToChange = 'Change at least one of: name, role, bio, image, imageAlt, order, removeImage';
export const UpdateTeamMemberSchema = UpdateTeamMemberFieldsSchema.refine((changes) => Object.values(changes).some((value) => value !== undefined), {
  error: teamMemberNothingToChange,
  params: issueCode('bad_request'),
});
export type UpdateTeamMemberInput = z.infer<typeof UpdateTeamMemberSchema>;

/** An image as the API describes it; `src` is its URL without a size (it may carry a version query). */
const ImageInfoSchema = z.object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() });

/** A team member as the API answers: `image` is null when there is no photo. */
export const TeamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  image: ImageInfoSchema.nullable(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

const formerServiceFields = {
  title: requiredText('Title'),
  years: optionalLines('Years', siteLimits.yearsMax),
  text: optionalLines('Text', siteLimits.bioMax),
  order,
};

/** `POST /api/content/former-services` (JSON). Without `order` it goes to the end. */
export const CreateFormerServiceSchema = z.object(formerServiceFields);
export type CreateFormerServiceInput = z.infer<typeof CreateFormerServiceSchema>;

export const UpdateFormerServiceSchema = z
  .object(formerServiceFields)
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Change at least one of: title, years, text, order',
    params: issueCode('bad_request'),
  });
export type UpdateFormerServiceInput = z.infer<typeof UpdateFormerServiceSchema>;

export const FormerServiceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  years: z.string(),
  text: z.string(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormerService = z.infer<typeof FormerServiceSchema>;
