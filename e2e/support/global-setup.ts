// Browser tests run the built app: build what is missing or older than its sources (as `npm start`
// does), and find (or install) Chromium.
import type { TestProject } from 'vitest/node';
import { buildStale } from '../../scripts/lib/builds.mjs';
import { resolveChromium } from '../../scripts/lib/chromium.mjs';
import { repoRoot } from '../../test-support/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default function setup(project: TestProject): void {
  if (buildStale(repoRoot) !== 0)
    throw new Error('npm run build failed; the browser tests need the built app');
  project.provide('chromiumPath', resolveChromium());
}
