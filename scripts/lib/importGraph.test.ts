// The server's import graph has no circle (issue 37: the Services knot once tied 47 modules of
// ai/, attachments/, auth/, channels/, live/, messages/… together through runtime.ts). A circle
// found here names its modules; cut it with a narrow dependency, as live/services.ts does.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, importGraph } from './importGraph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('import graph', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };

  it('finds a circle through a type-only import, and none in a tree', () => {
    write('a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('b.ts', "import type { C } from './sub/c';\nexport const b: C = 1;\n");
    write(
      'sub/c.ts',
      "import type { a } from '../a';\nexport type C = typeof a extends 1 ? 1 : 1;\n",
    );
    write('sub/index.ts', "export * from './c';\n");
    write(
      'd.ts',
      "import { b } from './b';\nimport x from 'external';\nexport const d = [b, x];\n",
    );
    // A test may import anything it checks: tests are not part of the graph.
    write('d.test.ts', "import { d } from './d';\nimport { a } from './a';\n");
    expect(circles(importGraph(fixture))).toEqual([['a.ts', 'b.ts', 'sub/c.ts']]);

    write('sub/c.ts', 'export type C = 1;\n');
    expect(circles(importGraph(fixture))).toEqual([]);
  });

  it('resolves a folder import to its index', () => {
    write('e.ts', "import { C } from './sub';\nexport const e: C = 1;\n");
    expect(importGraph(fixture).get('e.ts')).toEqual(['sub/index.ts']);
  });

  it('the server has no circle', () => {
    expect(circles(importGraph(join(root, 'apps/server/src')))).toEqual([]);
  });
});
