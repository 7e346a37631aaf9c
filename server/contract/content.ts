import { z } from 'zod';
import { IdSchema, requiredText } from './common';
import { issueCode } from './errors';
import { limits } from './limits';

/**
 * Where a post or feature stands: a draft (only managers see it), scheduled (visitors see it
 * from `publishAt`, decided at read time from the clock) or published (`publishAt` has passed).
 */
export const publicationStates = ['draft', 'scheduled', 'published'] as const;
export type PublicationState = (typeof publicationStates)[number];

/**
 * The publication fields a create or an edit may carry. `scheduled` needs `publishAt` (an ISO
 * 8601 time with its offset; the app sends New Zealand time); the server checks it is still to come.
 */
const publicationFields = {
  status: z.enum(publicationStates, { error: 'Status must be draft, scheduled or published' }).optional(),
  // Forms send an empty field for "no time": the same as leaving it out.
  publishAt: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.iso.datetime({ offset: true, error: 'Publish time must be a date and time, such as 2026-12-01T09:00:00+13:00' }).optional(),
  ),
};

type PublicationInput = { status?: PublicationState | undefined; publishAt?: string | undefined };

/** `scheduled` without a time is a problem of the time field. */
function scheduledNeedsTime(input: PublicationInput, ctx: z.RefinementCtx): void {
  if (input.status === 'scheduled' && !input.publishAt) {
    ctx.addIssue({ code: 'custom', message: 'Publish time is required for a scheduled post', path: ['publishAt'], params: issueCode('required') });
  }
}

const nothingToChange = (fields: string) => ({ error: `Change at least one of: ${fields}`, params: issueCode('bad_request') });
const changesSomething = (changes: Record<string, unknown>) => Object.values(changes).some((value) => value !== undefined);

/** Text fields of a blog post upload (the image travels beside them as a file). */
const blogPostFields = {
  title: requiredText('Title'),
  author: requiredText('Author'),
  text: requiredText('Text', limits.longText, { lines: true }),
  imageAlt: requiredText('Image description'),
};
export const CreateBlogPostSchema = z.object({ ...blogPostFields, ...publicationFields }).superRefine(scheduledNeedsTime);
export type CreateBlogPostInput = z.infer<typeof CreateBlogPostSchema>;

/** `PATCH /api/content/blog/{id}`: any of the fields (JSON, or multipart with a new `image`). */
export const UpdateBlogPostFieldsSchema = z
  .object({ ...blogPostFields, ...publicationFields })
  .partial()
  .superRefine(scheduledNeedsTime);
export const UpdateBlogPostSchema = UpdateBlogPostFieldsSchema.refine(
  changesSomething,
  nothingToChange('title, author, text, image, imageAlt, status, publishAt'),
);
export type UpdateBlogPostInput = z.infer<typeof UpdateBlogPostSchema>;

const featureFields = {
  title: requiredText('Title'),
  text: requiredText('Text', limits.longText, { lines: true }),
  imageAlt: requiredText('Image description'),
};
export const CreateFeatureSchema = z.object({ ...featureFields, ...publicationFields }).superRefine(scheduledNeedsTime);
export type CreateFeatureInput = z.infer<typeof CreateFeatureSchema>;

/** `PATCH /api/content/feature/{id}`: any of the fields (JSON, or multipart with a new `image`). */
export const UpdateFeatureFieldsSchema = z
  .object({ ...featureFields, ...publicationFields })
  .partial()
  .superRefine(scheduledNeedsTime);
export const UpdateFeatureSchema = UpdateFeatureFieldsSchema.refine(changesSomething, nothingToChange('title, text, image, imageAlt, status, publishAt'));
export type UpdateFeatureInput = z.infer<typeof UpdateFeatureSchema>;

export const RevisionParamsSchema = z.object({ id: IdSchema, revisionId: IdSchema });

/** `?v=` names the picture (a new one for each picture); without it, the current picture. */
export const VersionedImageQuerySchema = z.object({
  size: z.enum(['small', 'medium', 'large'], { error: 'Size must be small, medium or large' }).default('medium'),
  v: IdSchema.optional(),
});

export const ImageQuerySchema = z.object({
  size: z.enum(['small', 'medium', 'large'], { error: 'Size must be small, medium or large' }).default('medium'),
});

/** An image as the API describes it; `src` is its URL without a size. */
export type ImageInfo = { src: string; alt: string; width: number; height: number };

/**
 * A public post. `publishAt` is when it went out (the blog's order and the date shown); copies
 * kept on phones from before it was sent may lack it, and then `createdAt` stands in.
 */
export type BlogPost = { _id: string; title: string; author: string; text: string; image: ImageInfo; createdAt: string; publishAt?: string };

/** What managers see of a post or feature beside its content: where it stands and when it was last changed. */
export type Publication = { status: PublicationState; publishAt: string | null; updatedAt: string };

/** A post as managers edit and preview it (`GET /api/content/manage/blog/{id}`, and what a PATCH answers). */
export type ManagedBlogPost = Omit<BlogPost, 'publishAt'> & Publication;

/**
 * A post as the blog list shows it (`GET /api/content/blog`): everything but the text, and a
 * plain-text excerpt of it instead. The whole post comes from `GET /api/content/blog/{id}`.
 */
export type BlogPostSummary = Omit<BlogPost, 'text'> & { excerpt: string };

export { blogListPageSize } from './limits';

export const BlogListQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, { error: 'Page starts at 1' }).default(1),
});

// Zod-free, so the blog card can use it without the schemas (decision 068).
export { excerptOf } from './excerpt';
export type Feature = { _id: string; title: string; text: string; image: ImageInfo; createdAt: string };
export type ManagedFeature = Feature & Publication;

/**
 * An earlier version of a post or feature, kept when it was edited: its words (the picture is
 * not kept). Restoring one makes those words current again and keeps today's as a revision.
 */
/** An earlier version's words; `savedBy` saved them and `replacedBy`'s edit replaced them at `savedAt` (names; absent for versions kept before they were recorded). */
export type ContentRevision = {
  _id: string;
  savedAt: string;
  savedBy?: string;
  replacedBy?: string;
  title: string;
  author?: string;
  text: string;
  imageAlt: string;
};

/** How many earlier versions of each post or feature are kept. */
export const revisionsKept = 10;
