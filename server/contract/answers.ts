import { z } from 'zod';
import { serviceStatuses, type ServiceEntry, type ServiceTextsMi } from './services';
import type { BlogPost, Feature, ImageInfo } from './content';

/**
 * The shapes of the public lists the API answers with (services, carousel features, blog
 * posts), item by item. The app checks each item of a list before showing it and leaves out
 * (and reports) one that does not fit, so one malformed record never takes the whole page down
 * (issue 11). The public pages do not load zod (decision 006): they check with the hand-written
 * guards of `pwa/src/lib/answer-guards.ts`, which a property test holds to these schemas.
 */
export const ImageInfoSchema = z.object({
  src: z.string().min(1),
  alt: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
}) satisfies z.ZodType<ImageInfo>;

export const ServiceSectionSchema = z.object({
  markUp: z.boolean(),
  title: z.string().optional(),
  description: z.string().optional(),
  bullets: z.array(z.string()),
});

export const ServiceEntrySchema = z.object({
  key: z.string().min(1),
  bg: z.string(),
  title: z.string().min(1),
  status: z.enum(serviceStatuses),
  statusText: z.string(),
  url: z.string(),
  enrol: z.string(),
  subtitle: z.string(),
  actionText: z.string(),
  formLabel: z.string(),
  icon: z.string(),
  descriptionTitle: z.string(),
  referralText: z.string(),
  description: z.array(z.string()),
  Sections: z.array(ServiceSectionSchema),
  extras: z.array(z.string()),
  mi: z.custom<ServiceTextsMi>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)).optional(),
}) satisfies z.ZodType<ServiceEntry>;

export const FeatureSchema = z.object({
  _id: z.string().min(1),
  title: z.string(),
  text: z.string(),
  image: ImageInfoSchema,
  createdAt: z.string().min(1),
}) satisfies z.ZodType<Feature>;

/** A post as one post's own answer (`GET /api/content/blog/{id}`) gives it, with its whole text. */
export const BlogPostSchema = z.object({
  _id: z.string().min(1),
  title: z.string(),
  author: z.string(),
  text: z.string(),
  image: ImageInfoSchema,
  createdAt: z.string().min(1),
  publishAt: z.string().min(1).optional(),
}) satisfies z.ZodType<BlogPost>;

/**
 * A post in the blog list: the whole text, or (a paged list) an excerpt in its place; the list
 * needs one of the two.
 */
export const BlogListItemSchema = BlogPostSchema.omit({ text: true })
  .extend({ text: z.string().optional(), excerpt: z.string().optional() })
  .refine((post) => post.text !== undefined || post.excerpt !== undefined, { error: 'A post needs its text or an excerpt' });
export type BlogListItem = z.infer<typeof BlogListItemSchema>;
