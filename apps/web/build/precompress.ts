// Docs: docs/ARCHITECTURE.md#the-request-path — a Vite plugin that writes a brotli (.br) and a gzip
// (.gz) copy beside every text file of the build, once, at the highest levels (the server sends
// them with @fastify/static's preCompressed, so no request compresses). index.html is left out:
// the server fills in its templates and compresses the result itself.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files worth compressing: text formats. Fonts (woff2) and images are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` for the text files under `dir` (except index.html). */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const path of files(dir)) {
    if (!TEXT.test(path) || relative(dir, path) === 'index.html') continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotli += brotli.length;
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  let write = true;
  return {
    name: 'seminar:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    closeBundle() {
      if (!write) return;
      const totals = precompressDir(outDir);
      this.info(
        `precompressed ${totals.files} files: ${Math.round(totals.bytes / 1024)} KiB → ${Math.round(totals.brotli / 1024)} KiB brotli`,
      );
    },
  };
}
