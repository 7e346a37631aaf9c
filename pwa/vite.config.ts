import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { aboutTrust } from './src/content/about-trust.ts';
import { site } from './src/content/site.ts';

const contractDir = path.resolve(import.meta.dirname, '../server/contract');

const require = createRequire(import.meta.url);
/** A file of React Router's production build (dist/production/), beside its package.json. */
function reactRouterProduction(file: string): string {
  return path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production', file);
}

/**
 * Site management is for managers on a good connection; its code is never precached, so
 * visitors' phones do not download it. Chunks made only of management modules go to
 * `assets/manage/`, which the precache skips. Management modules: the /manage routes, their
 * shared UI (components/manage), each domain's `manage/` folder (its forms and write hooks),
 * and the domains only managers use (users, logs, translations).
 */
function isManagementModule(id: string): boolean {
  return /[\\/]src[\\/](components[\\/]manage[\\/]|features[\\/][^\\/]+[\\/]manage[\\/]|features[\\/](users|logs|translations)[\\/]|routes[\\/]manage[^\\/]*$)/.test(
    id,
  );
}

/** Shared schemas land in a management chunk only when nothing public uses them. */
function isContractModule(id: string): boolean {
  return /[\\/]server[\\/]contract[\\/]/.test(id);
}

/**
 * With `modulePreload: false` Vite writes no preload hints at all; the entry's own static imports
 * (the bundler's small runtime) still deserve one, so the browser fetches them with the entry
 * instead of after it.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'preload-entry-imports',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        const entry = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry);
        if (!entry || entry.type !== 'chunk') return [];
        return entry.imports.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * With `modulePreload: false` Vite still wraps each lazy import whose chunk has CSS in its preload
 * helper (about 1 KB gzip of the first download: module preloading, CSP nonces, `import.meta`
 * resolution), because the stylesheet must be in the page before the chunk renders. Only that
 * part is needed here, so the helper is replaced by one that does just that: it adds each
 * stylesheet once (none already in the page, linked or put in by the server as `<style data-href>`), waits for it, then imports the chunk. A stylesheet
 * that fails rejects the import (so `loadRouteModule` tries again, adding it anew), as Vite's does.
 */
function lightPreloadHelper(): Plugin {
  const code = `const added = {};
function addStyle(dep) {
  const href = ${'`'}/${'$'}{dep}${'`'};
  if (added[href]) return added[href];
  if ([...document.querySelectorAll('link[rel=stylesheet],style[data-href]')].some((tag) => (tag.getAttribute('href') ?? tag.dataset.href) === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  added[href] = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => {
      delete added[href];
      link.remove();
      reject(new Error(${'`'}Unable to preload CSS for ${'$'}{href}${'`'}));
    };
  });
  document.head.appendChild(link);
  return added[href];
}
export const __vitePreload = (load, deps) => Promise.all((deps || []).map(addStyle)).then(() => load());`;
  return {
    name: 'light-preload-helper',
    enforce: 'pre',
    apply: 'build',
    load: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: () => code },
  };
}

/**
 * The server's build has no service worker to register: the update notice renders nothing there,
 * as in the browser before a new version is waiting.
 */
function noWorkerOnTheServer(): Plugin {
  const id = 'virtual:pwa-register/react';
  return {
    name: 'no-worker-on-the-server',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (loaded) =>
      loaded === `\0${id}`
        ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
        : undefined,
  };
}

/** Names of the chunks placed in assets/manage/, so their CSS can follow them there. */
const managementChunkNames = new Set<string>();

/**
 * Two builds: the app (`vite build`), and the server's renderer of the public pages
 * (`vite build --ssr`, decision 096): the same modules, for Node, in `dist-ssr/`.
 */
export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: '@contract', replacement: contractDir },
      // Zod in jitless mode, so its probe for `new Function` never meets the CSP (zod-in-the-browser.ts).
      { find: /^zod$/, replacement: path.join(import.meta.dirname, 'src/lib/zod-in-the-browser.ts') },
      // React Router's package points every bundler at its development build, whose only
      // difference is `ENABLE_DEV_WARNINGS = true` (console warnings for developers). The app
      // uses the production build it ships beside it.
      { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        // Which stylesheets a page's chunks need, for the server to name in the page it renders.
        manifest: true,
        // The main chunk holds React, React DOM, the router and TanStack Query (about 120 kB gzipped);
        // every page is its own chunk. Warn if anything grows past that.
        chunkSizeWarningLimit: 400,
        // No preload helper around each lazy import (about 1 KB on the first download, decision 060):
        // a page's chunk fetches its own imports when it runs, and after the first visit the service
        // worker serves them all from its precache.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'first-visit', tags: ['$initial'] },
                // A lazily loaded part's English (`en-parts.ts`, `en-pages.ts`) in one chunk with the
                // module that registers it (`parts.ts`, `pages.ts`): split apart, a page waited one
                // more round trip for its own words before it could paint (decision 073).
                { name: 'part-text', test: /[\\/]src[\\/]i18n[\\/](en-)?parts\.ts$/ },
                { name: 'page-text', test: /[\\/]src[\\/]i18n[\\/](en-)?pages\.ts$/ },
              ],
            },
            chunkFileNames(chunk) {
              const ownModules = chunk.moduleIds.filter((id) => !id.includes('node_modules'));
              const management = ownModules.some(isManagementModule) && ownModules.every((id) => isManagementModule(id) || isContractModule(id));
              if (!management) return 'assets/[name]-[hash].js';
              managementChunkNames.add(chunk.name);
              return 'assets/manage/[name]-[hash].js';
            },
            assetFileNames(asset) {
              const management = asset.names.some((name) => name.endsWith('.css') && managementChunkNames.has(name.slice(0, -4)));
              return management ? 'assets/manage/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]';
            },
          },
        },
      },
  plugins: isSsrBuild
    ? [react(), noWorkerOnTheServer()]
    : [
        react(),
        preloadEntryImports(),
        lightPreloadHelper(),
        VitePWA({
          // Our own worker (src/sw.ts): besides the caching rules it flushes the enrolment outbox on
          // Background Sync's 'sync' event, which a generated worker cannot do.
          strategies: 'injectManifest',
          srcDir: 'src',
          filename: 'sw.ts',
          registerType: 'prompt',
          // The CSP forbids inline scripts: the app registers its worker from its own module.
          injectRegister: false,
          includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png'],
          manifest: {
            name: site.name,
            short_name: site.shortName,
            description: aboutTrust.description,
            lang: 'en-NZ',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            theme_color: '#0e4a3a',
            background_color: '#faf6ef',
            icons: [
              { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              { src: '/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
              { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
          },
          injectManifest: {
            // The shell and every public route chunk; never site management (assets/manage/).
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            globIgnores: ['**/assets/manage/**', 'sw.js'],
          },
        }),
      ],
}));
