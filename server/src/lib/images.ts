import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { koaBody } from 'koa-body';
import type { Next } from 'koa';
import sharp, { type Metadata } from 'sharp';
import type { z, ZodType } from 'zod';
import { checkInput, type ApiErrorItem } from '../../contract/errors';
import { imageSizes, limits, type ImageSize } from '../../contract/limits';
import { getConfig } from '../config';
import type { AppContext } from './app-context';
import { ApiError } from './errors';
import { logger } from './logger';

/*
 * Pictures managers upload for blog posts and carousel features. An upload is received into a
 * folder of its own under DATA_DIR/uploads (removed whatever happens), its type is sniffed from
 * its bytes, and sharp re-encodes it to WebP at the widths of `limits.imageWidths`. The
 * original is never kept, so nothing the uploader sent (EXIF, GPS, scripts) is ever served.
 */

export type ImageType = 'jpeg' | 'png' | 'webp';

/** One stored size of a picture. `etag` is a hex prefix of the SHA-256 of `bytes`. */
export type ImageVariant = { size: ImageSize; bytes: Buffer; width: number; height: number; etag: string };

/** A picture ready to store: its variants and the size of the largest one. */
export type ResizedImage = { width: number; height: number; variants: ImageVariant[] };

export const imageTypeMessage = 'Image must be a JPEG, PNG or WebP picture';
const damagedMessage = 'Image could not be read: the file may be damaged or incomplete';
const tooManyPixelsMessage = `Image is too large: at most ${limits.imagePixels / 1_000_000} megapixels`;
const tooManyBytesMessage = `Image is too large: at most ${limits.imageBytes / (1024 * 1024)} MB`;

/** WebP cannot hold a side longer than this; a very tall picture is bounded by it. */
const webpMaxSide = 16_383;

/** 413 is `too_large`; 415 says the file is not a picture we can read. */
const imageProblem = (status: 413 | 415, msg: string) => new ApiError(status, [{ msg, code: status === 413 ? 'too_large' : 'invalid_image', param: 'image' }]);

/** The picture's type from its first bytes; the file name and the sender's Content-Type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF, 4 bytes of length, WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Hex prefix of the SHA-256 of the bytes: the image's ETag, the same on every server instance. */
export function etagOf(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/**
 * Checks an uploaded picture and re-encodes it to WebP at every width of `limits.imageWidths`,
 * turned upright by its EXIF orientation, metadata stripped, never enlarged.
 * Throws 415 for anything but a readable JPEG, PNG or WebP and 413 above the pixel limit.
 */
export async function resizeUploadedImage(bytes: Buffer): Promise<ResizedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw imageProblem(415, imageTypeMessage);

  // The header alone gives the dimensions; the limit is checked here, before any pixel is
  // decoded, so a small file declaring a huge picture is refused with 413 rather than matched
  // by sharp's message text.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw imageProblem(415, damagedMessage);
  }
  if (header.format !== type) throw imageProblem(415, imageTypeMessage);
  if (!header.width || !header.height) throw imageProblem(415, damagedMessage);
  if (header.width * header.height > limits.imagePixels) throw imageProblem(413, tooManyPixelsMessage);

  const variants: ImageVariant[] = [];
  try {
    for (const size of imageSizes) {
      // sharp keeps no metadata unless asked (withMetadata), so EXIF and GPS are dropped here.
      const { data, info } = await sharp(bytes, { limitInputPixels: limits.imagePixels })
        .rotate()
        .resize({ width: limits.imageWidths[size], height: webpMaxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ size, bytes: data, width: info.width, height: info.height, etag: etagOf(data) });
    }
  } catch {
    // The header was fine and the size within limits, so a failure here is bad pixel data
    // (a truncated or corrupt file): the uploader's problem, not a server error.
    throw imageProblem(415, damagedMessage);
  }
  const largest = variants.at(-1);
  if (!largest) throw imageProblem(415, damagedMessage);
  return { width: largest.width, height: largest.height, variants };
}

// ---------------------------------------------------------------------------------------------
// Receiving the multipart form

/** Codes of formidable's errors (FormidableError.code, formidable 3), mapped by code, not message. */
const formidableCodes = {
  aborted: 1002,
  maxFieldsSizeExceeded: 1006,
  maxFieldsExceeded: 1007,
  smallerThanMinFileSize: 1008,
  biggerThanTotalMaxFileSize: 1009,
  noEmptyFiles: 1010,
  maxFilesExceeded: 1015,
  biggerThanMaxFileSize: 1016,
} as const;

type FormidableError = Error & { code: number; httpCode: number };

function isFormidableError(error: unknown): error is FormidableError {
  return error instanceof Error && typeof Reflect.get(error, 'code') === 'number' && typeof Reflect.get(error, 'httpCode') === 'number';
}

/** Turns a failure while reading the form into the API's error shape; anything else passes on. */
function uploadError(error: unknown): unknown {
  if (!isFormidableError(error)) return error;
  switch (error.code) {
    case formidableCodes.biggerThanMaxFileSize:
    case formidableCodes.biggerThanTotalMaxFileSize:
      return imageProblem(413, tooManyBytesMessage);
    case formidableCodes.maxFilesExceeded:
      return imageProblem(413, 'Send one image only');
    case formidableCodes.maxFieldsExceeded:
      return new ApiError(413, [{ msg: 'The form has too many fields', code: 'too_large' }]);
    case formidableCodes.maxFieldsSizeExceeded:
      return new ApiError(413, [{ msg: 'The text of the form is too long', code: 'too_large' }]);
    case formidableCodes.noEmptyFiles:
    case formidableCodes.smallerThanMinFileSize:
      return imageProblem(415, imageTypeMessage);
    case formidableCodes.aborted:
      return new ApiError(400, [{ msg: 'The upload was interrupted', code: 'bad_request' }]);
    default:
      // Malformed multipart, missing boundary and the like; formidable's 5xx codes are its own faults.
      return error.httpCode >= 400 && error.httpCode < 500 ? new ApiError(400, [{ msg: 'The form could not be read', code: 'invalid_body' }]) : error;
  }
}

/** Where uploads wait while a request is handled; each request gets a folder of its own inside. */
export function uploadsRoot(): string {
  return path.join(getConfig().dataDir, 'uploads');
}

/**
 * Reads the multipart form into `uploadDir`: text fields, and at most one file. The koa-body
 * middleware is built per request because its upload folder is this request's own; that is
 * what lets the `finally` below remove every temp file, even one formidable abandoned mid-write.
 */
async function receiveForm(ctx: AppContext, uploadDir: string): Promise<void> {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir,
      maxFileSize: limits.imageBytes,
      maxTotalFileSize: limits.imageBytes,
      maxFiles: 1,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      // Empty files are let through so that an empty file input ("no file chosen") reads as a
      // missing image, listed with the other fields' problems; an empty file with a name is
      // refused by the type check (415) like any other non-picture.
      allowEmptyFiles: true,
      minFileSize: 0,
      keepExtensions: false,
      hashAlgorithm: false,
    },
  });
  try {
    await parse(ctx, async () => {});
  } catch (error) {
    throw uploadError(error);
  }
}

/** Formidable gives a repeated field as an array; the first value counts. */
function firstValues(fields: unknown): Record<string, unknown> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
}

type UploadedFile = { filepath: string; size: number; originalFilename: string | null };

function uploadedImage(ctx: AppContext): UploadedFile | undefined {
  const files = ctx.request.files?.image;
  const file = Array.isArray(files) ? files[0] : files;
  // A browser sends an empty, nameless file for an empty file input: that is no image at all.
  if (!file || (file.size === 0 && !file.originalFilename)) return undefined;
  return file;
}

export type ImageUpload<T> = { fields: T; image: ResizedImage };
export type OptionalImageUpload<T> = { fields: T; image: ResizedImage | undefined };

/**
 * Handles a multipart form of text fields and one picture in the `image` field: the text
 * fields are checked with `schema` and a missing picture is listed with them (400, every
 * problem together); then the picture is checked and resized (415/413). The handler gets both.
 * The form is received into a folder of its own that is removed in a `finally`, whatever
 * happens: a bad field, a refused file, a sharp failure, an interrupted upload or a failed save.
 */
export function validateImageUpload<S extends ZodType>(schema: S, handler: (ctx: AppContext, upload: ImageUpload<z.output<S>>) => Promise<void>) {
  return receiveImageForm(schema, true, (ctx, { fields, image }) => {
    if (!image) throw new ApiError(400, [{ msg: 'Image is required', code: 'required', param: 'image' }]);
    return handler(ctx, { fields, image });
  });
}

/**
 * The same for a form whose picture may be left out (a team member without a photo, an edit
 * that keeps the photo). `extraProblems` adds checks that need both the fields and whether a
 * picture came (alt text required with a photo), listed with the fields' own problems.
 */
export function validateOptionalImageUpload<S extends ZodType>(
  schema: S,
  handler: (ctx: AppContext, upload: OptionalImageUpload<z.output<S>>) => Promise<void>,
  extraProblems: (fields: z.output<S> | undefined, hasImage: boolean) => ApiErrorItem[] = () => [],
) {
  return receiveImageForm(schema, false, handler, extraProblems);
}

function receiveImageForm<S extends ZodType>(
  schema: S,
  imageRequired: boolean,
  handler: (ctx: AppContext, upload: OptionalImageUpload<z.output<S>>) => Promise<void>,
  extraProblems: (fields: z.output<S> | undefined, hasImage: boolean) => ApiErrorItem[] = () => [],
) {
  return async (ctx: AppContext, _next: Next): Promise<void> => {
    if (!ctx.is('multipart/form-data')) {
      throw new ApiError(415, [{ msg: 'Send the form as multipart/form-data, with the picture in the image field', code: 'unsupported_media_type' }]);
    }
    await fs.mkdir(uploadsRoot(), { recursive: true });
    const uploadDir = await fs.mkdtemp(path.join(uploadsRoot(), 'upload-'));
    try {
      await receiveForm(ctx, uploadDir);
      const problems: ApiErrorItem[] = [];
      const fields = checkInput(schema, firstValues(ctx.request.body));
      if (!fields.success) problems.push(...fields.errors);
      const file = uploadedImage(ctx);
      if (!file && imageRequired) problems.push({ msg: 'Image is required', code: 'required', param: 'image' });
      problems.push(...extraProblems(fields.success ? fields.data : undefined, Boolean(file)));
      if (!fields.success || problems.length > 0) throw new ApiError(400, problems);
      const image = file ? await resizeUploadedImage(await fs.readFile(file.filepath)) : undefined;
      await handler(ctx, { fields: fields.data, image });
    } finally {
      // Retries cover formidable still closing a file it abandoned after an error.
      await fs
        .rm(uploadDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
        .catch((error: unknown) => logger.error({ err: error }, 'could not remove an upload folder'));
    }
  };
}
