// Browser tests run the built app: build what is missing or older than its sources (as `npm start`
// does), find (or install) Chromium, and prepare one migrated database for every spec's server.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStale } from '../../scripts/lib/builds.mjs';
import { resolveChromium } from '../../scripts/lib/chromium.mjs';
import { repoRoot, startServerProcess } from '../../test-support/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** An embedded database folder, migrated and holding the catalogue (no demo class): a copy of
     * it is each spec server's DATA_DIR (e2e/support/server.ts). */
    dataDirTemplate: string;
    /** Where a spare server (e2e/support/server.ts) is recorded until a spec takes it: a file
     * named by its pid, holding its data folder. What is left there at the end is ended here. */
    spareRecords: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (buildStale(repoRoot) !== 0)
    throw new Error('npm run build failed; the browser tests need the built app');
  project.provide('chromiumPath', resolveChromium());
  // A fresh PGlite spends most of a server's start creating its cluster and running every
  // migration (5–7 s idle, far longer on a loaded CI machine); every spec did that before its
  // first test. One server does it here, and stops cleanly so its folder can be copied.
  const template = mkdtempSync(join(tmpdir(), 'seminar-e2e-template-'));
  const server = await startServerProcess({
    from: 'dist',
    env: { DATA_DIR: template, SEED_DEMO: '0' },
  });
  await server.stop();
  project.provide('dataDirTemplate', template);
  const spares = mkdtempSync(join(tmpdir(), 'seminar-e2e-spares-'));
  project.provide('spareRecords', spares);
  return () => {
    endSpares(spares);
    rmSync(template, { recursive: true, force: true });
  };
}

/** Ends the spare servers no spec took (the worker has exited) and removes their folders. */
function endSpares(records: string): void {
  for (const name of readdirSync(records)) {
    try {
      // Still the spare (a pid that ended may have been given to another process since).
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('apps/server/dist/main.js'))
        process.kill(Number(name), 'SIGKILL');
    } catch {
      // Ended already.
    }
    rmSync(readFileSync(join(records, name), 'utf8'), { recursive: true, force: true });
  }
  rmSync(records, { recursive: true, force: true });
}
