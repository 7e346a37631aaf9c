import type { ReactElement } from 'react';
import { drawings, IconFrame, type IconProps } from './icon';

/**
 * The icons only lazily loaded parts draw (the service cards with the pictures services name,
 * the footer, side menu, carousel, contact details, blog post, coming-soon notes), kept off the
 * first download (decision 060). Parts loaded lazily import `Icon` from here; it knows these
 * and every name of `icon.tsx`.
 */
const moreDrawings: Record<string, ReactElement> = {
  book: (
    <>
      <path d="M3.5 5.5c2.8-1 5.6-.8 8.5 1v13c-2.9-1.8-5.7-2-8.5-1z" />
      <path d="M20.5 5.5c-2.8-1-5.6-.8-8.5 1v13c2.9-1.8 5.7-2 8.5-1z" />
    </>
  ),
  van: (
    <>
      <path d="M2.5 6.5h11v10h-11z" />
      <path d="M13.5 9.5h4l3 3.5v3.5h-7z" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  'chevron-left': <path d="M15 5l-7 7 7 7" />,
  'chevron-right': <path d="M9 5l7 7-7 7" />,
  pause: <path d="M8.5 5v14M15.5 5v14" />,
  play: <path d="M7 4.5v15l12.5-7.5z" />,
  phone: <path d="M5 3.5h3.5l1.8 4.6-2.3 1.5a11 11 0 0 0 6.4 6.4l1.5-2.3 4.6 1.8V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.1 1.5 1.5 0 0 1 5 3.5z" />,
  mail: (
    <>
      <path d="M3.5 5.5h17v13h-17z" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6.5-6.2-6.5-11.3a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.7" r="2.3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7v5.5l3.5 2" />
    </>
  ),
  external: (
    <>
      <path d="M14 4.5h5.5V10M19.5 4.5L11 13" />
      <path d="M17 13.5v5a1 1 0 0 1-1 1H5.5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h5" />
    </>
  ),
  share: (
    <>
      <circle cx="17.5" cy="5.5" r="2.5" />
      <circle cx="6.5" cy="12" r="2.5" />
      <circle cx="17.5" cy="18.5" r="2.5" />
      <path d="M8.7 10.8l6.6-4M8.7 13.2l6.6 4" />
    </>
  ),
  lock: (
    <>
      <path d="M5.5 10.5h13v10h-13z" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
    </>
  ),
  calendar: (
    <>
      <path d="M4 6h16v14.5H4zM4 10h16M8.5 3.5v5M15.5 3.5v5" />
    </>
  ),
};

/** A 24×24 line icon in the current text colour, any name; decorative unless given a title. */
export function Icon(props: IconProps) {
  return <IconFrame {...props} drawing={moreDrawings[props.name] ?? drawings[props.name]} />;
}
