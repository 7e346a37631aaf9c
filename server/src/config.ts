import path from 'node:path';
import { z } from 'zod';

/**
 * Server settings come from the environment only. Every bad variable is reported at once,
 * so a deploy fails with the whole list rather than one problem per restart.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?|sqlite):/, { error: 'must start with postgres:// or sqlite:' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters (256 bits)' }).optional(),
  /**
   * How many proxies in front of the server append to X-Forwarded-For: `off` (none: the socket's
   * address is the caller), `on` (one, the documented nginx or Caddy), or a number of hops.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|true|false|\d{1,2})$/, { error: 'must be off, on (one proxy) or the number of proxies in front' })
    .default('off'),
  /** Days a log file is kept; older ones are removed when a new day's file starts. 0 keeps them all. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** All log files together stay under this many MB (the oldest go first); 0: no cap. */
  LOG_MAX_TOTAL_MB: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** The server's own limits against slow clients (decision 088); the proxy in front has its own. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /**
   * Connections open at once from one address (decision 112); behind a proxy (TRUST_PROXY), the
   * requests in progress from one visitor's address, since every connection is the proxy's.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** The body of a request without a valid token (an enrolment, a sign-in) must arrive within this (decision 112). */
  ANONYMOUS_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Years without contact after which a client is listed for archiving or erasure (decision 089). */
  RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(7),
  /** Days the answer record of a staff write is kept for resends (decision 087). */
  STORED_ANSWER_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Milliseconds after which `POST /api/sync` starts no more mutations and answers the rest as
   * not applied, so a batch is answered well inside the app's 30 s time-out (decision 075).
   */
  SYNC_TIME_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  /** How long the server sends a rendered public page again before rendering it afresh; 0: never (decision 097). */
  RENDERED_PAGE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** How much longer a rendered page is sent while it is rendered again behind it (decision 097). */
  RENDERED_PAGE_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** Renders waiting or under way at most; past it a public page gets the shell, which renders in the browser (decision 112). */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(1).max(1000).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built app lives; empty when only the API is served. */
  PWA_DIST: z.string().optional(),
  /** Comma-separated origins allowed to call the API from another site. Same origin only by default. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * The mail server staff notices go through (smtp://user:pass@host:587, smtps://…:465). Unset:
   * no email is sent. The value holds a password: a problem names it, never repeats it.
   */
  SMTP_URL: blankIsUnset(
    z
      .string()
      .optional()
      .refine((value) => value === undefined || isSmtpUrl(value), { error: 'must be smtp://user:password@host:port or smtps://… (a URL)' }),
  ),
  /** The sender of staff notices: `notices@trust.org.nz` or `Te Whare <notices@trust.org.nz>`. */
  MAIL_FROM: blankIsUnset(
    z
      .string()
      .optional()
      .refine((value) => value === undefined || mailboxAddress(value) !== undefined, { error: 'must be an email address, or a name and <address>' }),
  ),
  /** The address people reach the app at (https://trust.org.nz): links in emails point there. */
  PUBLIC_URL: blankIsUnset(
    z
      .string()
      .optional()
      .refine((value) => value === undefined || isWebUrl(value), { error: 'must be the http(s):// address the app is reached at' }),
  ),
});

/** `SMTP_URL=` (empty) is the same as not setting it. */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The address of `a@b.nz` or `Name <a@b.nz>`, or undefined when it is neither. */
function mailboxAddress(value: string): string | undefined {
  const match = /^\s*(?:[^<>]*<\s*([^<>\s]+)\s*>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address && z.email().safeParse(address).success ? address : undefined;
}

/**
 * The sender when MAIL_FROM is not set: the SMTP account when it is an email address (most
 * providers send only as the account), else no-reply at the app's own host, else at the mail server's.
 */
function defaultSender(smtpUrl: URL, publicUrl: string | undefined): string {
  const user = decodeURIComponent(smtpUrl.username);
  if (mailboxAddress(user)) return user;
  const host = publicUrl ? new URL(publicUrl).hostname : smtpUrl.hostname;
  return `no-reply@${host}`;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  logDir: string;
  database: { dialect: 'sqlite'; storage: string } | { dialect: 'postgres'; url: string };
  jwtSecret: string | undefined;
  /** Proxy hops trusted in X-Forwarded-For (Koa's maxIpsCount); 0 trusts none. */
  proxyHops: number;
  logRetentionDays: number;
  logMaxTotalMb: number;
  storedAnswerDays: number;
  retentionYears: number;
  /** Node HTTP server limits against slow or too many clients (decision 088). */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxRequestsPerSocket: number;
    maxConnections: number;
    maxConnectionsPerAddress: number;
    /** The body of a request without a valid token arrives within this, else 408 (decision 112). */
    anonymousBodyTimeoutMs: number;
  };
  rateLimits: boolean;
  /** `POST /api/sync` starts no mutation after this many ms (the first always runs). */
  syncTimeBudgetMs: number;
  /** A rendered public page is sent again for this long, until a write to the API (decision 097). */
  renderedPageMs: number;
  renderedPageStaleMs: number;
  /** Renders waiting or under way at most (decision 112). */
  renderQueueMax: number;
  logLevel: string;
  pwaDist: string;
  corsOrigins: string[];
  /** Email for staff notices; undefined when SMTP_URL is not set (no email is sent). */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Where people reach the app, without a trailing slash; undefined when not set. */
  publicUrl: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Bad configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  // npm runs workspace scripts inside server/; INIT_CWD is where the person typed the command,
  // so `./data` (and any relative path given) means the folder they were in.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, vars.DATA_DIR);
  const url = vars.DATABASE_URL;
  const database: Config['database'] =
    url && url.startsWith('postgres')
      ? { dialect: 'postgres', url }
      : { dialect: 'sqlite', storage: url ? path.resolve(base, url.replace(/^sqlite:(\/\/)?/, '')) : path.join(dataDir, 'trust.sqlite') };
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    database,
    jwtSecret: vars.JWT_SECRET,
    proxyHops: proxyHops(vars.TRUST_PROXY),
    logRetentionDays: vars.LOG_RETENTION_DAYS,
    logMaxTotalMb: vars.LOG_MAX_TOTAL_MB,
    storedAnswerDays: vars.STORED_ANSWER_DAYS,
    retentionYears: vars.RETENTION_YEARS,
    http: {
      headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(vars.REQUEST_TIMEOUT_MS, vars.HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: vars.MAX_REQUESTS_PER_SOCKET,
      maxConnections: vars.MAX_CONNECTIONS,
      maxConnectionsPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS,
      anonymousBodyTimeoutMs: vars.ANONYMOUS_BODY_TIMEOUT_MS,
    },
    rateLimits: vars.RATE_LIMITS === 'on',
    syncTimeBudgetMs: vars.SYNC_TIME_BUDGET_MS,
    renderedPageMs: vars.RENDERED_PAGE_MS,
    renderedPageStaleMs: vars.RENDERED_PAGE_STALE_MS,
    renderQueueMax: vars.RENDER_QUEUE_MAX,
    logLevel: vars.LOG_LEVEL,
    pwaDist: vars.PWA_DIST ? path.resolve(base, vars.PWA_DIST) : path.resolve(serverRoot, '../pwa/dist'),
    corsOrigins: vars.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    mail: vars.SMTP_URL ? { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM?.trim() ?? defaultSender(new URL(vars.SMTP_URL), vars.PUBLIC_URL) } : undefined,
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

function proxyHops(setting: string): number {
  if (setting === 'off' || setting === 'false') return 0;
  if (setting === 'on' || setting === 'true') return 1;
  return Number(setting);
}

let current: Config | undefined;

/** The process's configuration, parsed on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}
