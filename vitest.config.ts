import path from 'node:path';
import { defineConfig } from 'vitest/config';

// A React warning or a console.error fails the unit test it happens in (server and app).
const consoleGuard = path.resolve(import.meta.dirname, 'server/test/console-guard.ts');

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts', consoleGuard],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

// PostgreSQL runs the same server suite when TEST_DATABASE_URL names a server (CI sets it).
const postgres = process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : [];

const pwaResolve = { alias: { '@contract': path.resolve(import.meta.dirname, 'server/contract') } };

// The app's own logic, without a browser.
const pwaProject = {
  resolve: pwaResolve,
  test: {
    name: 'pwa',
    root: './pwa',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [consoleGuard],
    environment: 'node',
  },
};

// The built app in headless Chromium against the real server (`npm run build` first). Each file
// starts its own server (own data folder, own port block from `VITEST_POOL_ID`, see e2e/harness.ts)
// and browser, and reads pwa/dist only, so files can run side by side. A file keeps about half a
// core busy (the rest is waiting on the browser, the server and the network), so the whole suite
// runs three files at a time in one pool, the server and app files filling what the browser files
// leave idle (decision 140).
const e2eProject = {
  resolve: pwaResolve,
  test: {
    name: 'e2e',
    root: './pwa',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // Three files share the cores, so a test takes up to twice as long as it did alone or more; a
    // test that waits on an event with no time-out of its own ends here.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
};

export default defineConfig({
  test: {
    // One pool for every project (the same worker count puts them in one group): three files at a time.
    maxWorkers: 3,
    projects: [serverProject('server', { TEST_DB: 'sqlite' }), ...postgres, pwaProject, e2eProject],
  },
});
