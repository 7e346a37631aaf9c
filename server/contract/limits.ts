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
  /** Passwords of staff accounts. */
  passwordMin: 12,
  passwordMax: 200,
  /** Staff access levels: 1 kaimahi, 2 manager. The app allows up to 3 for a future owner level. */
  accessMin: 1,
  accessMax: 3,
  managerAccess: 2,
  /** Failed logins before 429: per account and per IP, within one hour. */
  loginFailuresPerAccount: 100,
  loginFailuresPerIp: 300,
  loginWindowMs: 60 * 60 * 1000,
  /** New enrolments from one IP in an hour; replays of a stored enrolment do not count. */
  enrolmentsPerIp: 60,
  enrolmentWindowMs: 60 * 60 * 1000,
  /** Token lifetime. */
  tokenHours: 8,
} as const;

export type ImageSize = keyof typeof limits.imageWidths;
export const imageSizes = Object.keys(limits.imageWidths) as ImageSize[];
