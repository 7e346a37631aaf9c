/** Numbers both the server and the app enforce. One place, so the form and the API agree. */
export const limits = {
  /** Longest single-line text field (names, titles, status text). */
  shortText: 200,
  /** Longest free text (blog post body, feature text). An enrolment message has its own, smaller bound. */
  longText: 20_000,
  /** Image uploads: bytes and decoded pixels. */
  imageBytes: 10 * 1024 * 1024,
  imagePixels: 40_000_000,
  /** Widths of the stored WebP variants. */
  imageWidths: { small: 480, medium: 1000, large: 1600 },
  /** JSON request bodies. */
  jsonBytes: 100 * 1024,
  /** Paged lists. */
  pageSizeDefault: 50,
  pageSizeMax: 200,
  /** Email addresses (RFC 5321's longest path). */
  emailMax: 254,
  /** Passwords of staff accounts. */
  passwordMin: 12,
  passwordMax: 200,
  /** Staff access levels: 1 kaimahi, 2 manager. The app allows up to 3 for a future owner level. */
  accessMin: 1,
  accessMax: 3,
  managerAccess: 2,
  /**
   * Failed sign-ins (docs/decisions/010-sign-in-throttling.md). Each key gets some failures free,
   * then waits before its next try: 1 s, doubling with each further failure, at most 15 minutes.
   * Per account and address: 5 free. Per address, all accounts together (a marae's or an
   * office's Wi-Fi): 50 free. Per account from addresses where it has not signed in before:
   * 100 free. A key's failures are forgotten an hour after its last one.
   */
  loginFreeFailuresPerAccountAndIp: 5,
  loginFreeFailuresPerIp: 50,
  loginFreeFailuresPerAccount: 100,
  loginFirstDelayMs: 1000,
  loginMaxDelayMs: 15 * 60 * 1000,
  loginForgetAfterMs: 60 * 60 * 1000,
  /** An address where an account signed in is trusted for that account this long. */
  loginKnownAddressMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * New enrolments from one IP in an hour; replays of a stored enrolment do not count. Sized for
   * a sign-up day at a marae or behind a carrier's shared address (docs/decisions/012-enrolment-limit.md).
   */
  enrolmentsPerIp: 600,
  enrolmentWindowMs: 60 * 60 * 1000,
  /** Token lifetime. */
  tokenHours: 8,
  /** A linked whānau phone's token; revoked earlier by unlinking (decision 129). */
  memberTokenDays: 90,
} as const;

export type ImageSize = keyof typeof limits.imageWidths;
export const imageSizes = Object.keys(limits.imageWidths) as ImageSize[];

/**
 * Posts in one answer of the blog list, newest first; `?page=2` has the next ones. Here, with no
 * schema beside it, so the blog page reads it without loading zod (re-exported by content.ts).
 */
export const blogListPageSize = 50;
