import { imageUrl } from '../lib/image-size';
import './responsive-image.css';

type ResponsiveImageProps = {
  /** The image URL without a size, e.g. `/api/content/feature/{id}/image`. */
  src: string;
  alt: string;
  /** No longer used: the window's width picks the picture (below). Kept so callers need not change. */
  sizes?: string;
  width?: number;
  height?: number;
  className?: string;
  /** Images far down the page wait until they are near; the first picture loads at once. */
  eager?: boolean;
};

/**
 * An uploaded picture in the size the spec gives for the window's width (§9): above 700 px the
 * medium image, from 1500 px the large one, otherwise the small one. Media queries on the
 * picture's sources, not `srcset` widths: with `srcset` the browser chose by the picture's own
 * size on the page, so a 1600 px wide window never asked for the large image (issue 11).
 * The browser picks: the `<img>`'s own `src` is the small one, what a window no source matches
 * gets. The markup does not depend on the window, so the server's HTML (which knows no window,
 * decision 096) is the app's, and a page with JavaScript off gets the right size too.
 */
export function ResponsiveImage({ src, alt, width, height, className, eager = false }: ResponsiveImageProps) {
  return (
    <picture className="responsive-picture">
      <source media="(min-width: 1500px)" srcSet={imageUrl(src, 'large')} />
      <source media="(min-width: 701px)" srcSet={imageUrl(src, 'medium')} />
      <img className={className} src={imageUrl(src, 'small')} alt={alt} width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" />
    </picture>
  );
}
