import { config } from 'zod/v4';

/**
 * Zod as the app's own code in the browser sees it: `pwa/vite.config.ts` points `zod` here (the
 * contract's schemas included). The app's Content-Security-Policy has no 'unsafe-eval', and zod 4
 * probes for `new Function` on its first parse to decide whether to compile schemas; Chromium
 * reports that probe as a CSP violation even though zod catches the error (Lighthouse's "browser
 * issue: Content security policy" on /enrol and /blog). Jitless mode skips the probe; the answers
 * are the same, through zod's interpreted path. The server keeps the compiled path.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
