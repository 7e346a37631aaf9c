import { imageSizeForWidth, imageSrcSet, imageUrl } from '../lib/image-size';

type ResponsiveImageProps = {
  /** The image URL without a size, e.g. `/api/content/feature/{id}/image`. */
  src: string;
  alt: string;
  /** How wide the image shows, for the browser's choice, e.g. "(min-width: 60rem) 50vw, 100vw". */
  sizes: string;
  width?: number;
  height?: number;
  className?: string;
  /** Images far down the page wait until they are near; the first picture loads at once. */
  eager?: boolean;
};

/**
 * An uploaded picture in the size the screen needs (spec §9): the fallback `src` follows the
 * window width (small up to 700, medium below 1500, large from 1500), and `srcset` lets the
 * browser pick among the stored 480/1000/1600 px variants.
 */
export function ResponsiveImage({ src, alt, sizes, width, height, className, eager = false }: ResponsiveImageProps) {
  const windowWidth = typeof window === 'undefined' ? 0 : window.innerWidth;
  return (
    <img
      className={className}
      src={imageUrl(src, imageSizeForWidth(windowWidth))}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
