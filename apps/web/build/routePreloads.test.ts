import { describe, expect, it } from 'vitest';
import { routePreloadFiles, type BuiltChunk } from './routePreloads';

const chunk = (
  fileName: string,
  imports: string[],
  size: number,
  facade: string | null = null,
  moduleIds: string[] = [],
) =>
  ({
    fileName,
    imports,
    size,
    facadeModuleId: facade,
    isEntry: false,
    moduleIds,
  }) satisfies BuiltChunk;

describe('routePreloadFiles', () => {
  const chunks: BuiltChunk[] = [
    { ...chunk('assets/index.js', ['assets/react.js'], 50), isEntry: true },
    chunk('assets/react.js', [], 60),
    chunk(
      'assets/Layout.js',
      ['assets/mui.js', 'assets/shared.js', 'assets/react.js'],
      4,
      '/src/Layout.tsx',
    ),
    chunk('assets/Page.js', ['assets/shared.js', 'assets/index.js'], 40, '/src/Page.tsx'),
    chunk('assets/mui.js', ['assets/react.js'], 64),
    chunk('assets/shared.js', ['assets/Layout.js'], 11),
    chunk('assets/Other.js', ['assets/mui.js'], 30, '/src/Other.tsx'),
  ];

  it('lists the modules’ chunks and their imports, largest first, without the entry’s', () => {
    expect(
      routePreloadFiles(
        [{ prefix: '/classes/', modules: ['/src/Layout.tsx', '/src/Page.tsx'] }],
        chunks,
      ),
    ).toEqual([
      {
        prefix: '/classes/',
        files: ['/assets/mui.js', '/assets/Page.js', '/assets/shared.js', '/assets/Layout.js'],
      },
    ]);
  });

  it('refuses a chunk that holds a module the route must do without, naming both', () => {
    const withZod = [
      ...chunks,
      chunk('assets/Form.js', ['assets/zod.js'], 5, '/src/Form.tsx'),
      chunk('assets/zod.js', [], 50, null, ['/app/node_modules/zod/v4/core/core.js']),
    ];
    const without = /[\\/]node_modules[\\/]zod[\\/]/;
    expect(() =>
      routePreloadFiles([{ prefix: '/x/', modules: ['/src/Form.tsx'], without }], withZod),
    ).toThrow(
      'routePreloads: /x/ would load /app/node_modules/zod/v4/core/core.js (in assets/zod.js)',
    );
    expect(
      routePreloadFiles([{ prefix: '/x/', modules: ['/src/Page.tsx'], without }], withZod)[0]
        ?.files,
    ).toEqual(['/assets/mui.js', '/assets/Page.js', '/assets/shared.js', '/assets/Layout.js']);
  });

  it('refuses a module without a chunk of its own (renamed, or no longer lazy)', () => {
    expect(() =>
      routePreloadFiles([{ prefix: '/x/', modules: ['/src/Gone.tsx'] }], chunks),
    ).toThrow('routePreloads: no chunk of its own for /src/Gone.tsx');
  });
});
