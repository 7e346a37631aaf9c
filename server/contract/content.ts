import { z } from 'zod';
import { requiredText } from './common';
import { limits } from './limits';

/** Text fields of a blog post upload (the image travels beside them as a file). */
export const CreateBlogPostSchema = z.object({
  title: requiredText('Title'),
  author: requiredText('Author'),
  text: requiredText('Text', limits.longText, { lines: true }),
  imageAlt: requiredText('Image description'),
});
export type CreateBlogPostInput = z.infer<typeof CreateBlogPostSchema>;

export const CreateFeatureSchema = z.object({
  title: requiredText('Title'),
  text: requiredText('Text', limits.longText, { lines: true }),
  imageAlt: requiredText('Image description'),
});
export type CreateFeatureInput = z.infer<typeof CreateFeatureSchema>;

export const ImageQuerySchema = z.object({
  size: z.enum(['small', 'medium', 'large'], { error: 'Size must be small, medium or large' }).default('medium'),
});

/** An image as the API describes it; `src` is its URL without a size. */
export type ImageInfo = { src: string; alt: string; width: number; height: number };

export type BlogPost = { _id: string; title: string; author: string; text: string; image: ImageInfo; createdAt: string };
export type Feature = { _id: string; title: string; text: string; image: ImageInfo; createdAt: string };
