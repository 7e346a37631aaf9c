import { limits, type ImageSize } from '@contract/limits';

/**
 * Which stored variant suits a screen of this width (spec §9): above 700 and below 1500 the
 * medium image, from 1500 up the large one, otherwise the small one.
 */
export function imageSizeForWidth(width: number): ImageSize {
  if (width >= 1500) return 'large';
  if (width > 700) return 'medium';
  return 'small';
}

/** `srcset` for an image URL without a size: one candidate per stored width. */
export function imageSrcSet(src: string): string {
  const join = src.includes('?') ? '&' : '?';
  return (Object.entries(limits.imageWidths) as [ImageSize, number][]).map(([size, width]) => `${src}${join}size=${size} ${width}w`).join(', ');
}

/** The image URL of one size. */
export function imageUrl(src: string, size: ImageSize): string {
  return `${src}${src.includes('?') ? '&' : '?'}size=${size}`;
}
