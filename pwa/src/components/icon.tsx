import type { ReactElement } from 'react';

/**
 * The app's small line icons, drawn here so nothing is fetched from another site. Service
 * icons use the names the catalogue gives (book, van, music, basket, people, sprout); counters
 * and the interface use the rest. Unknown names fall back to a koru.
 */
const drawings: Record<string, ReactElement> = {
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
  music: (
    <>
      <path d="M9 17.5V6l11-2v11.5" />
      <circle cx="6.5" cy="17.5" r="2.5" />
      <circle cx="17.5" cy="15.5" r="2.5" />
      <path d="M9 9.5l11-2" />
    </>
  ),
  basket: (
    <>
      <path d="M3 10.5h18l-2.2 9H5.2z" />
      <path d="M7.5 10.5a4.5 4.5 0 0 1 9 0" />
      <path d="M9 13.5v3M12 13.5v3M15 13.5v3" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.4" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M15.5 14.3c2.9.3 5.5 2.3 5.5 5.7" />
    </>
  ),
  sprout: (
    <>
      <path d="M12 20.5V11" />
      <path d="M12 12c0-4-3-6.5-8-6.5 0 4 3 6.5 8 6.5z" />
      <path d="M12 10c0-3.2 2.6-5.5 8-5.5 0 3.6-2.8 5.5-8 5.5z" />
      <path d="M6 20.5h12" />
    </>
  ),
  scales: (
    <>
      <path d="M6.5 8.5h11l2.5 11.5H4z" />
      <path d="M9.5 8.5a2.5 2.5 0 1 1 5 0" />
      <path d="M10 13.5v3.5M10 15l2.5-1.5M10 15l2.5 2" />
    </>
  ),
  youth: (
    <>
      <circle cx="12" cy="4.8" r="2.2" />
      <path d="M12 8.5v6.5M12 15l-3 5.5M12 15l3 5.5M5.5 8l6.5 2.5L18.5 8" />
    </>
  ),
  run: (
    <>
      <circle cx="15.5" cy="4.5" r="2" />
      <path d="M8.5 20.5l3-5.5-2.5-3 3-4 3 3.5h3.5" />
      <path d="M11.5 15l3.5 2v3.5M5 11l3-3.5h4" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="2.8" />
      <path d="M5 6v5c0 1.6 3.1 2.8 7 2.8s7-1.2 7-2.8V6" />
      <path d="M5 11v5c0 1.6 3.1 2.8 7 2.8s7-1.2 7-2.8v-5" />
    </>
  ),
  koru: <path d="M12 20.5c-4.7 0-8.5-3.8-8.5-8.5S7.3 3.5 12 3.5s7.5 3.2 7.5 7-2.8 6-6 6-5-2.2-5-4.6 1.8-3.9 3.8-3.9 3.2 1.4 3.2 3" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  'chevron-left': <path d="M15 5l-7 7 7 7" />,
  'chevron-right': <path d="M9 5l7 7-7 7" />,
  'arrow-right': <path d="M4 12h15M13 6l6 6-6 6" />,
  pause: <path d="M8.5 5v14M15.5 5v14" />,
  play: <path d="M7 4.5v15l12.5-7.5z" />,
  phone: (
    <path d="M5 3.5h3.5l1.8 4.6-2.3 1.5a11 11 0 0 0 6.4 6.4l1.5-2.3 4.6 1.8V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.1 1.5 1.5 0 0 1 5 3.5z" />
  ),
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
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />,
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

export type IconProps = { name: string; className?: string; title?: string };

/** A 24×24 line icon in the current text colour; decorative unless given a title. */
export function Icon({ name, className, title }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title && <title>{title}</title>}
      {drawings[name] ?? drawings.koru}
    </svg>
  );
}
