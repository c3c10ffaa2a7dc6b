// Where the server's files live, whether it runs from source (tests, dev) or from the esbuild bundle.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@seminar/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @seminar/server package folder');
    dir = parent;
  }
}

/** apps/server */
export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));
/** SQL migrations written by drizzle-kit. */
export const migrationsDir = join(serverRoot, 'drizzle');
/** The built web app (apps/web/dist). */
export const webDistDir = resolve(serverRoot, '..', 'web', 'dist');
