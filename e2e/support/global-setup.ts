// Browser tests run the built app: build it when missing, and find (or install) Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveChromium } from '../../scripts/lib/chromium.mjs';
import { repoRoot } from '../../test-support/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default function setup(project: TestProject): void {
  const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
  if (outputs.some((file) => !existsSync(join(repoRoot, file)))) {
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error('npm run build failed; the browser tests need the built app');
  }
  project.provide('chromiumPath', resolveChromium());
}
