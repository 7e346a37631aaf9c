import type { Context, Next } from 'koa';
import { getConfig } from '../config';

const policy = (styleSources: string, scriptSources = "'self'") =>
  [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    `style-src ${styleSources}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const contentSecurityPolicy = policy("'self'");

const withHashes = (sha256s: string[]) => ["'self'", ...sha256s.map((hash) => `'sha256-${hash}'`)].join(' ');

/**
 * The policy for a page that carries its stylesheets in `<style>` elements and its loader in a
 * `<script>` (a page the server rendered, decision 096): those exact styles and scripts are
 * allowed by their SHA-256, and nothing else inline.
 */
export function policyWithInline({ styles, scripts }: { styles: string[]; scripts: string[] }): string {
  return policy(withHashes(styles), withHashes(scripts));
}

/** Headers every response carries, API and app alike. */
export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set({
    'Content-Security-Policy': contentSecurityPolicy,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  });
  await next();
}

/** Same origin only, unless CORS_ORIGINS names other sites that may call the API. */
export async function cors(ctx: Context, next: Next): Promise<void> {
  const origin = ctx.get('origin');
  if (origin && getConfig().corsOrigins.includes(origin)) {
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET,POST,PATCH,DELETE');
      ctx.set('Access-Control-Allow-Headers', 'Content-Type, x-auth-token');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
  }
  await next();
}
