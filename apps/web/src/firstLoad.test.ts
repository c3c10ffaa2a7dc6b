// The first load's rule (docs/ARCHITECTURE.md#first-load): what main.tsx imports statically — the
// app shell, the signed-out layout and pages — loads no MUI, no emotion and none of the signed-in
// layer (the live providers, the shared error banner, analytics). `npm run bench -- web` measures
// the bytes; this test names the import that would break the budget, without a build.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Static imports only: `import(…)` is a separate chunk, loaded on demand. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Modules the signed-out pages must not load (they come with the signed-in layout). */
const SIGNED_IN_ONLY = [
  'live/errors.tsx',
  'live/LiveProvider.tsx',
  'live/LiveProviders.tsx',
  'live/ErrorBanner.tsx',
  'analytics/events.ts',
  'theme/AppThemeProvider.tsx',
  'theme/theme.ts',
];

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      if (/\.(tsx?|css)$/.test(candidate)) return candidate;
    }
  }
  return null;
}

/** Every package and local module reached from `entry` by static imports, with who imports it. */
function staticGraph(entry: string): { packages: Map<string, string>; files: Set<string> } {
  const packages = new Map<string, string>();
  const files = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (file.endsWith('.css')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) {
        const target = resolveLocal(file, specifier);
        if (target && !files.has(target)) {
          files.add(target);
          queue.push(target);
        }
      } else if (!packages.has(specifier)) {
        packages.set(specifier, relative(SRC, file));
      }
    }
  }
  return { packages, files };
}

describe('first load', () => {
  const { packages, files } = staticGraph(join(SRC, 'main.tsx'));

  it('reaches the sign-in page and the signed-out layout (the walk itself works)', () => {
    const reached = [...files].map((file) => relative(SRC, file));
    expect(reached).toContain('routes/pages/SignInPage.tsx');
    expect(reached).toContain('routes/SignedOutLayout.tsx');
    expect(reached).toContain('auth/forms.tsx');
  });

  it('imports no MUI or emotion before sign-in', () => {
    const heavy = [...packages].filter(([name]) => /^@mui\/|^@emotion\//.test(name));
    expect(heavy.map(([name, by]) => `${name} (imported by ${by})`)).toEqual([]);
  });

  it('imports none of the signed-in layer before sign-in', () => {
    const reached = new Set([...files].map((file) => relative(SRC, file)));
    expect(SIGNED_IN_ONLY.filter((file) => reached.has(file))).toEqual([]);
  });
});
