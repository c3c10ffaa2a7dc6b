import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { precacheList } from './serviceWorker';
import {
  basicCharacters,
  basicSubset,
  basicUnicodeRange,
  ROBOTO_WEIGHTS,
  subsetPath,
} from './fontSubsets';

const fontsCss = readFileSync(
  fileURLToPath(new URL('../src/theme/fonts.css', import.meta.url)),
  'utf8',
);

/** The @font-face rules of fonts.css, in order, as { src, weight, range }. */
function faces() {
  return [...fontsCss.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    src: /src: url\('([^']+)'\)/.exec(body)?.[1] ?? '',
    weight: Number(/font-weight: (\d+)/.exec(body)?.[1]),
    range: (/unicode-range:([^;]*);/.exec(body)?.[1] ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

describe('Roboto’s basic subsets', () => {
  it('keep printable ASCII and the app’s own typography', () => {
    const text = basicCharacters();
    for (const char of ['A', 'Z', 'a', 'z', '0', '9', ' ', '~', '!', '@'])
      expect(text).toContain(char);
    expect(text).toHaveLength(95 + 14);
    for (const char of ['—', '–', '’', '“', '”', '…', '−', '·', '×']) expect(text).toContain(char);
    expect(text).toContain('\u200b');
    expect(text).not.toContain('é');
    expect(basicUnicodeRange()).toBe(
      'U+0020-007E, U+00A0, U+00A7, U+00B7, U+00D7, U+200B, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+2212',
    );
  });

  it.each(ROBOTO_WEIGHTS)('%i: the committed file is what the script writes', async (weight) => {
    const committed = readFileSync(subsetPath(weight));
    const written = await basicSubset(weight);
    expect(written.equals(committed)).toBe(true);
    // The point of it: well under the full Latin file (~22 KB).
    expect(committed.length).toBeLessThan(14_000);
  });

  it.each(ROBOTO_WEIGHTS)(
    '%i: fonts.css declares it after the full Latin face, so it wins',
    (weight) => {
      const ofWeight = faces().filter((face) => face.weight === weight);
      const latin = ofWeight.findIndex((face) =>
        face.src.endsWith(`roboto-latin-${weight}-normal.woff2`),
      );
      const basic = ofWeight.findIndex((face) =>
        face.src.endsWith(`roboto-basic-${weight}-normal.woff2`),
      );
      expect(latin).toBeGreaterThanOrEqual(0);
      expect(basic).toBeGreaterThan(latin);
      expect(ofWeight[basic]?.range).toBe(basicUnicodeRange());
    },
  );

  it('are kept by the service worker with the other Latin fonts', () => {
    expect(
      precacheList([
        'assets/roboto-basic-400-normal-Ab12.woff2',
        'assets/roboto-latin-400-normal-Cd34.woff2',
        'assets/roboto-latin-ext-400-normal-Ef56.woff2',
        'assets/index-Gh78.js',
      ]),
    ).toEqual([
      '/',
      '/assets/index-Gh78.js',
      '/assets/roboto-basic-400-normal-Ab12.woff2',
      '/assets/roboto-latin-400-normal-Cd34.woff2',
    ]);
  });
});
