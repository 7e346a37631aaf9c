import type { ReactElement } from 'react';

/**
 * The app's small line icons, drawn here so nothing is fetched from another site. Service
 * icons use the names the catalogue gives (book, van, music, basket, people, sprout); counters
 * and the interface use the rest. Unknown names fall back to a koru.
 *
 * This file holds the pictures of the home page counters and the interface icons of the first
 * view; the interface icons only lazily loaded parts draw (service cards, footer,
 * side menu, carousel, contact details…) are in `all-icons.tsx`, whose `Icon` knows every name, so a
 * visitor's first download carries none of them (decision 060).
 */
export const drawings: Record<string, ReactElement> = {
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
  'arrow-right': <path d="M4 12h15M13 6l6 6-6 6" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />,
};

export type IconProps = { name: string; className?: string; title?: string };

/** A 24×24 line icon in the current text colour; decorative unless given a title. */
export function Icon(props: IconProps) {
  return <IconFrame {...props} drawing={drawings[props.name]} />;
}

/** The frame of every icon around a drawing; a koru when there is none. */
export function IconFrame({ className, title, drawing }: IconProps & { drawing: ReactElement | undefined }) {
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
      {drawing ?? drawings.koru}
    </svg>
  );
}
