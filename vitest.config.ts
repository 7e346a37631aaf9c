import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

// PostgreSQL runs the same server suite when TEST_DATABASE_URL names a server (CI sets it).
const postgres = process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : [];

export default defineConfig({
  test: {
    projects: [serverProject('server', { TEST_DB: 'sqlite' }), ...postgres],
  },
});
