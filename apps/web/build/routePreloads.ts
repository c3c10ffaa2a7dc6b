// Docs: docs/ARCHITECTURE.md#first-load — which chunks a page's HTML asks for before any script
// has run. index.html names only the entry's own chunks: a class page opened by its address would
// otherwise ask for its layout's, its page's and MUI's only after the entry has downloaded and run,
// and on a slow phone network those chunks are most of its wait. The build writes
// `route-preloads.json` (path prefix → chunks, largest first); the server adds them to the HTML it
// sends for that prefix as `<link rel="modulepreload">` (apps/server/src/http/web.ts).
import type { Plugin } from 'vite';

/** A path prefix and the source modules whose chunks (with their imports) its pages need. */
export interface RoutePreload {
  prefix: string;
  modules: readonly string[];
  /** Modules these chunks must not hold (zod, say): the build fails, naming the chunk. */
  without?: RegExp;
}

/** One built chunk, as far as the preload list needs it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  size: number;
  /** The modules in the chunk. */
  moduleIds: readonly string[];
}

/** What the build writes: per prefix, the chunk URLs to preload, largest first. */
export type RoutePreloadFile = { prefix: string; files: string[] }[];

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * For each route, the chunks of its modules and everything they import statically, except the
 * entry's (index.html has those already), largest first: the largest take longest, so they start
 * first. A module without a chunk of its own (renamed, or no longer lazy), or a chunk holding a
 * module the route must do without, is an error.
 */
export function routePreloadFiles(
  routes: readonly RoutePreload[],
  chunks: readonly BuiltChunk[],
): RoutePreloadFile {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inHtml = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    inHtml.add(entry.fileName);
    for (const file of entry.imports) inHtml.add(file);
  }
  return routes.map(({ prefix, modules, without }) => {
    const needed = new Set<string>();
    const visit = (file: string) => {
      if (inHtml.has(file) || needed.has(file)) return;
      needed.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    for (const module of modules) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === module);
      if (!chunk) throw new Error(`routePreloads: no chunk of its own for ${module}`);
      visit(chunk.fileName);
    }
    for (const file of needed) {
      const held = without && byFile.get(file)?.moduleIds.find((id) => without.test(id));
      if (held) throw new Error(`routePreloads: ${prefix} would load ${held} (in ${file})`);
    }
    const files = [...needed].sort(
      (a, b) => (byFile.get(b)?.size ?? 0) - (byFile.get(a)?.size ?? 0) || a.localeCompare(b),
    );
    return { prefix, files: files.map((file) => `/${file}`) };
  });
}

/** The Vite plugin that writes `route-preloads.json` beside index.html. */
export function routePreloads(routes: readonly RoutePreload[]): Plugin {
  return {
    name: 'seminar:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          size: output.code.length,
          moduleIds: output.moduleIds,
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloadFiles(routes, chunks), null, 2)}\n`,
      });
    },
  };
}
