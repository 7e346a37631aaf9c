import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { site } from './src/content/site.ts';

const contractDir = path.resolve(import.meta.dirname, '../server/contract');

/**
 * Site management is for managers on a good connection; its code is never precached, so
 * visitors' phones do not download it. Chunks made only of management modules go to
 * `assets/manage/`, which the precache skips. Management modules: the /manage routes, their
 * shared UI (app/manage), each domain's `manage/` folder (its forms and write hooks),
 * and the domains only managers use (users, logs, translations).
 */
function isManagementModule(id: string): boolean {
  return /[\\/]src[\\/](app[\\/]manage[\\/]|features[\\/][^\\/]+[\\/]manage[\\/]|features[\\/](users|logs|translations)[\\/]|routes[\\/]manage[^\\/]*$)/.test(id);
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

/** Names of the chunks placed in assets/manage/, so their CSS can follow them there. */
const managementChunkNames = new Set<string>();

export default defineConfig({
  resolve: {
    alias: { '@contract': contractDir },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
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
          groups: [{ name: 'first-visit', tags: ['$initial'] }],
        },
        chunkFileNames(chunk) {
          const ownModules = chunk.moduleIds.filter((id) => !id.includes('node_modules'));
          const management =
            ownModules.some(isManagementModule) &&
            ownModules.every((id) => isManagementModule(id) || isContractModule(id));
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
  plugins: [
    react(),
    preloadEntryImports(),
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
        description: site.description,
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
});
