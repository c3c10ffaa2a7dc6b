// Source files stay small (issue 37 point 8: "files under ~400 lines, split by concept"): a
// non-test source file of the apps or the shared package over MAX_LINES fails here, named. Split
// it by what it does (a hook, a helper module, a base class), not by an arbitrary cut.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAX_LINES = 400;
/** The source folders checked: what ships (tests, test support and benchmarks may be longer). */
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx|mts|mjs)$/;

/** The source files under `dirs` (relative to `base`) longer than `limit` lines, with their length. */
function longFiles(base: string, dirs: readonly string[], limit: number): string[] {
  const long: string[] = [];
  for (const dir of dirs) {
    for (const entry of readdirSync(join(base, dir), { recursive: true, encoding: 'utf8' })) {
      if (!SOURCE.test(entry) || TEST.test(entry)) continue;
      const path = join(dir, entry);
      const text = readFileSync(join(base, path), 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > limit) long.push(`${path} (${lines} lines)`);
    }
  }
  return long.sort();
}

describe('file size', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'file-size-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path: string, lines: number) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), 'const x = 1;\n'.repeat(lines));
  };

  it('names a source file over the limit, in any folder depth, but not a test or another file', () => {
    write('src/deep/er/long.tsx', 11);
    write('src/short.ts', 10);
    write('src/long.test.ts', 50);
    write('src/notes.md', 50);
    expect(longFiles(fixture, ['src'], 10)).toEqual([
      join('src', 'deep', 'er', 'long.tsx') + ' (11 lines)',
    ]);
  });

  it(`no source file of the apps or the shared package is over ${MAX_LINES} lines`, () => {
    expect(longFiles(root, SOURCE_DIRS, MAX_LINES)).toEqual([]);
  });
});
