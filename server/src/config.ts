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
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built app lives; empty when only the API is served. */
  PWA_DIST: z.string().optional(),
  /** Comma-separated origins allowed to call the API from another site. Same origin only by default. */
  CORS_ORIGINS: z.string().default(''),
});

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
  rateLimits: boolean;
  logLevel: string;
  pwaDist: string;
  corsOrigins: string[];
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
    rateLimits: vars.RATE_LIMITS === 'on',
    logLevel: vars.LOG_LEVEL,
    pwaDist: vars.PWA_DIST ? path.resolve(base, vars.PWA_DIST) : path.resolve(serverRoot, '../pwa/dist'),
    corsOrigins: vars.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean),
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
