// The service worker's precache list must name only files the build writes: one missing file fails
// the worker's install (cache.addAll), and the app then has no worker at all.
import { describe, expect, it } from 'vitest';
import { isCssOnly } from './serviceWorker';

describe('isCssOnly', () => {
  it.each([
    ['a chunk of styles only', { code: '', moduleIds: ['/src/shell/plain.css'] }, true],
    ['an empty chunk', { code: '  \n', moduleIds: ['/src/a.ts'] }, true],
    ['styles imported with a query', { code: '/* */', moduleIds: ['/src/b.css?inline'] }, true],
    ['a script', { code: 'export const a = 1;', moduleIds: ['/src/a.ts'] }, false],
    [
      'a script with its styles',
      { code: 'import "./a.css"; export {}', moduleIds: ['/src/a.css', '/src/a.ts'] },
      false,
    ],
  ])('%s', (_name, chunk, expected) => {
    expect(isCssOnly(chunk)).toBe(expected);
  });
});
