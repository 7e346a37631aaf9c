/** The trust's mark: two kōwhai koru unfurling on pounamu — new life and growth. Decorative beside the trust's name. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="#0e4a3a" />
      <circle cx="32" cy="32" r="27.5" fill="none" stroke="#f0b93a" strokeWidth="1.5" strokeDasharray="3 3.2" opacity="0.7" />
      <path
        d="M29 55C29 45 17 41 17 28.5 17 18.5 25 11.5 34 11.5 42.5 11.5 48.5 18 48.5 25.5 48.5 32.5 43 37.5 36.5 37.5 31 37.5 27.5 33.5 27.5 29 27.5 25 30.5 22.5 34 22.5 37 22.5 38.8 24.6 38.8 27"
        fill="none"
        stroke="#f0b93a"
        strokeWidth="4.4"
        strokeLinecap="round"
      />
      <path
        d="M29.6 47.5C32.5 43.5 39.5 42 43.2 45.2 46.2 47.8 45 52.6 41.2 52.9 38.8 53.1 37.6 51.2 38.6 49.6"
        fill="none"
        stroke="#f6cf6b"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
