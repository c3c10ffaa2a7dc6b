// Docs: docs/ARCHITECTURE.md#first-load — Roboto's "basic" subsets: each weight's Latin file cut
// down to printable ASCII and the typographic characters the app's own text uses (dashes, quotes,
// the ellipsis, the minus sign…), ~13 KB instead of ~22 KB. theme/fonts.css declares each after
// its weight's full Latin face, so it is the one a page fetches for those characters (the last
// face declared for a character wins); text with any other Latin character (an "é") also fetches
// the full file, and Latin Extended has its own. Run `npm run fonts -w @seminar/web` after
// changing BASIC_CODE_POINTS or the Roboto version; fontSubsets.test.ts holds the committed files
// to what this writes.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/** The weights MUI's typography uses (theme/fonts.css declares each). */
export const ROBOTO_WEIGHTS = [300, 400, 500, 700] as const;

/** The basic subsets' characters: printable ASCII, and the app's own typography beyond it. */
export const BASIC_CODE_POINTS: readonly (number | readonly [number, number])[] = [
  [0x20, 0x7e],
  0xa0, // no-break space
  0xa7, // §
  0xb7, // ·
  0xd7, // ×
  0x200b, // zero-width space (MUI's Button puts one before its icons)
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  0x2022, // •
  0x2026, // …
  0x2212, // −
];

/** BASIC_CODE_POINTS as a CSS unicode-range. */
export function basicUnicodeRange(): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return BASIC_CODE_POINTS.map((entry) =>
    typeof entry === 'number' ? `U+${hex(entry)}` : `U+${hex(entry[0])}-${hex(entry[1])}`,
  ).join(', ');
}

/** BASIC_CODE_POINTS as the text to keep the glyphs of. */
export function basicCharacters(): string {
  let text = '';
  for (const entry of BASIC_CODE_POINTS) {
    const [from, to] = typeof entry === 'number' ? [entry, entry] : entry;
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

/** Where the committed subsets are (imported by theme/fonts.css). */
export const subsetPath = (weight: number): string =>
  fileURLToPath(new URL(`../src/theme/fonts/roboto-basic-${weight}-normal.woff2`, import.meta.url));

/** The basic subset of @fontsource/roboto's Latin file of `weight`, as woff2. */
export async function basicSubset(weight: number): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const latin = require.resolve(`@fontsource/roboto/files/roboto-latin-${weight}-normal.woff2`);
  return subsetFont(await readFile(latin), basicCharacters(), { targetFormat: 'woff2' });
}

// `npm run fonts -w @seminar/web`: writes the subsets.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const weight of ROBOTO_WEIGHTS) {
    const subset = await basicSubset(weight);
    await writeFile(subsetPath(weight), subset);
    console.log(`roboto-basic-${weight}-normal.woff2: ${subset.length} bytes`);
  }
}
