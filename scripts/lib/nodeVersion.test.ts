// Issue 14.10: the supported runtime is Node 24 — the scripts refuse an older one with what to do,
// and the build, the package and the tests agree on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, REQUIRED_MAJOR } from './nodeVersion.mjs';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('nodeVersionProblem', () => {
  it.each([
    ['24.0.0', false],
    ['24.21.0', false],
    ['25.1.0', false],
    ['22.14.0', true],
    ['20.20.2', true],
    ['', true],
    ['not a version', true],
  ])('Node %s refused: %s', (version, refused) => {
    const problem = nodeVersionProblem(version);
    expect(problem !== null).toBe(refused);
    if (problem) expect(problem).toContain('Run it through npm');
  });
});

describe('Node 24 everywhere', () => {
  it('runs these tests on it (npm scripts use the pinned node devDependency)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(REQUIRED_MAJOR);
  });

  it('asks for it in engines, pins it, types for it and builds the server for it', () => {
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toMatch(/^>=24\./);
    expect(pkg.devDependencies.node).toMatch(/^24\./);
    expect(pkg.devDependencies['@types/node']).toMatch(/^24\./);
    expect(read('apps/server/build.mjs')).toContain("target: 'node24'");
  });
});
