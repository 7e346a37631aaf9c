import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Middleware, Next } from 'koa';
// The seam's one declaration, the app's (decision 127): types only, nothing of the app is built in.
import type { Renderer } from '../../../pwa/src/renderer';
import { badRequest } from './errors';
import { logger } from './logger';
import { publicContentStamp } from './public-content';
import { createRenderCache, keptPageOf } from './render-cache';
import { policyWithInline } from './security-headers';

/**
 * Open Graph tags, so a share of the page shows its own title, words and picture (issue 31).
 * Addresses are made absolute with `PUBLIC_URL` when it is set; never from the request's Host,
 * which anyone can set and a kept page would pass on to the next visitor.
 */
function openGraphTags(page: { title?: string; description?: string; image?: string; notFound: boolean }, url: string, publicUrl: string | undefined): string {
  const base = publicUrl?.replace(/\/+$/, '');
  const tags: [string, string | undefined][] = [
    ['og:type', page.image ? 'article' : 'website'],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:image', page.image && (base ? `${base}${page.image}` : page.image)],
    ['og:url', base && !page.notFound ? `${base}${url}` : undefined],
  ];
  return tags.flatMap(([property, content]) => (content ? [`<meta property="${property}" content="${escapeHtml(content)}">`] : [])).join('');
}

/** The address every unknown one is rendered as: the app has no page for it either. */
const notFoundAddress = '/page-not-found';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The language the visitor chose with the app's switch, remembered in a cookie (DESIGN §10). */
export function languageCookie(header: string | undefined): string | undefined {
  return /(?:^|;\s*)language=([a-z]+)/.exec(header ?? '')?.[1];
}

/** How long the language cookie lasts: a year, as the app writes it (pwa/src/i18n/i18n.ts). */
const languageCookieMs = 365 * 24 * 60 * 60 * 1000;

/**
 * `GET /language?set=mi&to=/about`: the nav bar's language switch with JavaScript off (a plain
 * form, decision 096). Remembers the choice in the cookie the pages are rendered by and goes back
 * to the page, in the language chosen. `to` must be a path of this site (never another site's
 * address: no open redirect); anything else goes home.
 */
export async function chooseLanguage(ctx: Context, next: Next): Promise<void> {
  if (ctx.path !== '/language' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
  const { set, to } = ctx.query;
  if (set !== 'en' && set !== 'mi') throw badRequest('Must be en or mi', 'set', 'invalid_value');
  const back = typeof to === 'string' && /^\/(?![/\\])/.test(to) ? to : '/';
  // Readable and writable by the app's own switch, which sets the same cookie from the page.
  ctx.cookies.set('language', set, { path: '/', maxAge: languageCookieMs, sameSite: 'lax', httpOnly: false, overwrite: true });
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(back);
  ctx.status = 303;
}

/** The server itself, as the rendered page's API requests reach it: the address this request came in on. */
function ownOrigin(ctx: Context): string {
  const { localAddress = '127.0.0.1', localPort } = ctx.req.socket;
  const host = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host}:${localPort}`;
}

/**
 * The template with the app's script started after the page's first paint (decision 096). In
 * the shell the entry is a module script in the head, with its imports preloaded beside it: the
 * browser asks for them as it reads the page, and a slow phone's link then carries them and the
 * page together, so the page's first paint waited for about 100 KB it does not need (a rendered
 * page reads in full with no script). Here those tags give way to a small inline script at the
 * end of the body that adds the same tags a task after the browser reports the first contentful
 * paint (not the first frame: Chromium paints the background a frame before the text); after a
 * frame where the browser cannot report paints (Safari before 14.1, on the older iPhones some
 * whānau still use), and after 3 s in any case, for a tab opened in the background, which paints
 * nothing. Its SHA-256 goes in the page's CSP, which allows no other
 * inline script.
 */
export function startAfterFirstPaint(template: string): { html: string; loaderSha256: string } {
  const scripts = [...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const entry = scripts[0]?.[1];
  if (scripts.length !== 1 || !entry) throw new Error("The app's index.html names no single module script to start");
  const loader =
    '(function(){var d=document,started=false;function start(){if(started)return;started=true;' +
    `${JSON.stringify(preloads.map((match) => match[1]))}.forEach(function(href){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    'function soon(){setTimeout(start)}' +
    'try{if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)throw 0;' +
    'var seen=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){seen.disconnect();soon()}});seen.observe({type:"paint",buffered:true})}' +
    'catch(e){requestAnimationFrame(soon)}setTimeout(start,3000)})()';
  let html = template;
  for (const match of [...scripts, ...preloads]) html = html.replace(match[0], '');
  html = html.replace('</body>', () => `<script>${loader}</script></body>`);
  return { html, loaderSha256: createHash('sha256').update(loader).digest('base64') };
}

/** How many rendered pages are kept at most (decision 097). */
const maxKeptPages = 100;

/**
 * The public pages rendered on the server (DESIGN §10, decision 096): `/`, `/services`, a
 * service, the blog and its posts, `/team`, `/contact`, `/about`, `/former_services`, `/enrol/…`
 * come as HTML in the visitor's language, with the data they show for the app to take over.
 * Every other path, and every page when the app has no server build, gets the shell (serveApp).
 * A render that fails also falls back to the shell, which renders the page in the browser.
 *
 * `render` answers the pages, after the API: a rendered page is kept for a few seconds (decision
 * 097) until the public content changes, on this instance or another (decision 112).
 */
export function renderPages(
  dist: string,
  {
    keepForMs,
    staleForMs = 0,
    ssrDist = path.join(path.dirname(path.resolve(dist)), 'dist-ssr'),
    queueMax = Number.POSITIVE_INFINITY,
    publicUrl,
  }: { keepForMs: number; staleForMs?: number; ssrDist?: string; queueMax?: number; publicUrl?: string | undefined },
): { render: Middleware } {
  const entry = path.join(ssrDist, 'entry-server.js');
  const template = path.join(dist, 'index.html');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  let loaded: Promise<{ renderer: Renderer; html: string; loaderSha256: string; manifest: Record<string, ManifestChunk> } | undefined> | undefined;

  /**
   * The server build, once, when there is one. Its route chunks import the entry by its own name,
   * so it is never imported twice (a copy under another URL would have a language of its own):
   * a rebuild takes a restart, as `npm start` does.
   */
  function load() {
    if (!loaded && fs.existsSync(entry) && fs.existsSync(template) && fs.existsSync(manifestFile)) {
      loaded = (async () => ({
        renderer: (await import(pathToFileURL(entry).href)) as Renderer,
        ...startAfterFirstPaint(fs.readFileSync(template, 'utf8')),
        manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>,
      }))().catch((error: unknown) => {
        // A build the server cannot use (one from elsewhere, half written): every page gets the shell.
        logger.error({ err: error }, "the app's server build could not be loaded; sending the shell for every page");
        return undefined;
      });
    }
    return loaded;
  }

  /** The stylesheets of the lazily loaded modules the page renders, with those of their imports. */
  function stylesheets(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || key === 'index.html') return;
      seen.add(key);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return [...files];
  }

  /** A stylesheet of the build, its text and its SHA-256 (base64), read once. */
  const styles = new Map<string, { css: string; sha256: string } | undefined>();
  function style(file: string) {
    if (!styles.has(file)) {
      const full = path.join(dist, file);
      const css = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
      // Nothing in a stylesheet may end the element it is put in.
      styles.set(file, css === undefined || /<\/style/i.test(css) ? undefined : { css, sha256: createHash('sha256').update(css).digest('base64') });
    }
    return styles.get(file);
  }

  /**
   * The page's stylesheets, the entry's first, in the page itself: a linked stylesheet holds the
   * first paint back for a request each (seven on a rendered page, at a slow phone's round trip
   * each), while the few kilobytes of CSS cost less inside the page's own compressed answer.
   * `data-href` names each one, so the app's loader does not ask for it again.
   */
  function inlineStyles(files: string[]): { tags: string; sha256s: string[] } {
    let tags = '';
    const sha256s: string[] = [];
    for (const file of files) {
      const inline = style(file);
      if (inline) {
        tags += `<style data-href="/${file}">${inline.css}</style>`;
        sha256s.push(inline.sha256);
      } else tags += `<link rel="stylesheet" crossorigin href="/${file}">`;
    }
    return { tags, sha256s };
  }

  /** The whole page as sent, from the template and the render. */
  async function renderPage(
    app: NonNullable<Awaited<ReturnType<typeof load>>>,
    url: string,
    pathname: string,
    language: string | undefined,
    apiOrigin: string,
  ) {
    const page = await app.renderer.render({ url, language, apiOrigin });
    // The entry's stylesheet (linked in the template) first, then those of the page's modules.
    const entryStyles = [...app.html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)].map((match) => match[1] ?? '');
    const { tags, sha256s } = inlineStyles([...new Set([...entryStyles, ...stylesheets(app.manifest, app.renderer.cssModulesOf(pathname))])]);
    let html = app.html
      .replace(/<link rel="stylesheet" crossorigin href="\/[^"]+\.css">/g, '')
      .replace(/<html lang="[^"]*">/, () => `<html lang="${page.locale}">`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="ssr-data">${scriptJson({ q: page.data, e: page.refused.length > 0 ? page.refused : undefined, c: page.corrections })}</script>`,
      )
      .replace('</head>', () => `${tags}</head>`);
    if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? '')}</title>`);
    if (page.description)
      html = html.replace(/(<meta\s+name="description"\s+content=")[^"]*"/, (_, start: string) => `${start}${escapeHtml(page.description ?? '')}"`);
    // A page with no words of its own (the home page) is shared with the site's own description.
    const description = page.description ?? unescapeHtml(/<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '');
    html = html.replace('</head>', () => `${openGraphTags({ ...page, description }, url, publicUrl)}</head>`);
    // A page that says what its address names is not here (a post taken down) is answered 404.
    return { html, status: page.notFound ? 404 : 200, policy: policyWithInline({ styles: sha256s, scripts: [app.loaderSha256] }) };
  }

  type Sent = Awaited<ReturnType<typeof renderPage>>;
  // Forgotten when the public content changes, as the API's public lists are (decision 112).
  const kept = createRenderCache<Sent>({
    ttlMs: keepForMs,
    staleMs: staleForMs,
    maxPages: maxKeptPages,
    maxRendering: queueMax,
    evictFirst: (page) => page.status === 404,
    contentStamp: publicContentStamp,
  });

  return {
    async render(ctx: Context, next: Next): Promise<void> {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      const app = await load();
      // `?fix=` opens an enrolment kept on the phone: only the phone can render that.
      if (!app || ctx.query.fix !== undefined) return next();
      // Every address the app has no page for is one page, the not-found page, kept once (issue 31).
      const unknown = app.renderer.isUnknownAddress(ctx.path);
      if (!unknown && !app.renderer.isServerRendered(ctx.path)) return next();
      const { key, url, language } = keptPageOf(unknown ? notFoundAddress : ctx.path, unknown ? '' : ctx.querystring, languageCookie(ctx.get('cookie')));
      const started = performance.now();
      let sent: { page: Sent; cached: boolean } | undefined;
      try {
        sent = await kept.get(key, () => renderPage(app, url, unknown ? notFoundAddress : ctx.path, language, ownOrigin(ctx)));
      } catch (error) {
        logger.error({ err: error, path: ctx.path }, 'server render failed; sending the shell');
        return next();
      }
      if (!sent) {
        // As many renders wait as may (decision 112): the shell, which renders in the browser.
        ctx.set('Server-Timing', 'render;desc="busy"');
        return next();
      }
      // How the page was made, for the browser's developer tools and the tests: kept, or rendered now.
      ctx.set('Server-Timing', sent.cached ? 'render;desc="kept"' : `render;desc="rendered";dur=${(performance.now() - started).toFixed(0)}`);
      ctx.set('Cache-Control', 'no-cache');
      ctx.vary('Cookie');
      ctx.status = sent.page.status;
      ctx.set('Content-Security-Policy', sent.page.policy);
      ctx.type = 'html';
      ctx.body = sent.page.html;
    },
  };
}
