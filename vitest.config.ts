// Vitest projects: shared (pure rules and the scripts' helpers), web (components in jsdom), server on each database, e2e (Chromium).
// `npm test` (scripts/test.mjs) picks the projects and prepares PostgreSQL and Chromium first.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/*.test.ts'];
// Several nodes sharing one database: only PostgreSQL can be shared between processes.
const postgresOnlyTests = ['apps/server/test/postgres/*.test.ts'];
// The embedded database's own folder (one process per DATA_DIR): only PGlite has one.
const pgliteOnlyTests = ['apps/server/test/pglite/*.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on CI's 2 cores, where most of a test
    // file's time is spent waiting (on PostgreSQL, a server process, Chromium), so the whole suite
    // ran file after file. Two at least (about half the time); the browser specs still run one at
    // a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Pure rules, and the repository's own tools (scripts/lib: the doc-link check; the web
        // build's chunk groups).
        test: {
          name: 'shared',
          include: [
            'packages/shared/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Role and label queries over a whole app page are CPU-bound in jsdom: on 2 shared cores a
          // journey through a dialog takes ~5 s, so the default 5 s limit failed passing tests.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          // A worker runs its files one after another in one module graph instead of importing the
          // server afresh for each (~1.8 s a file, half this project's time). Each file still opens
          // its own database and server; what a module keeps between files (metrics' registry, the
          // OpenID and LTI key caches) is kept per process in production too.
          isolate: false,
          include: [...serverTests, ...pgliteOnlyTests],
          env: { SEMINAR_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          isolate: false, // As server-pglite.
          include: [...serverTests, ...postgresOnlyTests],
          env: { SEMINAR_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker runs every spec in one module graph (playwright-core and the support code
          // imported once, not for each of 45 files). Each spec starts its own server and browser.
          // A single worker must be a group of its own (Vitest refuses projects of one group with
          // different worker counts): the specs run after the other projects, as they did before.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
