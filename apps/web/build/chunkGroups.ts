// How the build groups libraries into chunks (vite.config.ts). Docs: docs/ARCHITECTURE.md#first-load
//
// Left to itself the bundler split React and MUI into many small shared chunks, each one more
// request in the class page's chain. Groups instead: React; the MUI that the class page imports
// statically (its first render needs it, in one chunk); the MUI its menus, dialogs and fields load
// on first use (one chunk, fetched after the first content); the rest of MUI (other pages'
// components, one chunk loaded when first needed); packages/shared's zod-free rules (one chunk);
// the app's own modules that the class page shares with other chunks (one chunk).
import type { Plugin } from 'vite';

export const REACT_MODULES = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * packages/shared's rules: the modules at the top of its src/ (its zod schemas are in src/schemas/,
 * the live client's parts in src/liveClient/, and index.ts only re-exports).
 */
export const SHARED_RULE_MODULES = /packages[\\/]shared[\\/]src[\\/](?!index\.ts$)[A-Za-z]+\.ts$/;
const ZOD_MODULES = /node_modules[\\/]zod[\\/]/;
export const MUI_MODULES =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material|core-downloads-tracker)|@emotion[\\/][a-z-]+|@popperjs[\\/]core|react-transition-group|stylis|hoist-non-react-statics)[\\/]/;

/** The part of the bundler's module graph the groups read. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Every module reachable from `roots` through static imports (dynamic imports are other chunks).
 * A root the bundler does not know (a file renamed or moved) is an error, not an empty group.
 */
export function staticGraph(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const missing = roots.filter((root) => graph.getModuleInfo(root) === null);
  if (missing.length > 0) throw new Error(`chunkGroups: no such module: ${missing.join(', ')}`);
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The build's chunk groups, and a plugin that forgets the graphs at each build's start (a watching
 * build sees the modules change). `classPage`: the class page's route modules; `classPageMenus`:
 * the modules it loads lazily on first use (its menus, dialogs and fields).
 */
export function chunkGroups(roots: {
  entry: readonly string[];
  classPage: readonly string[];
  classPageMenus: readonly string[];
}) {
  let graphs: { entry: Set<string>; page: Set<string>; menus: Set<string> } | undefined;
  /** Whether a module's static imports reach zod, per module (read again each build). */
  let reachesZod = new Map<string, boolean>();
  const plugin: Plugin = {
    name: 'seminar:chunk-groups',
    apply: 'build',
    buildStart() {
      graphs = undefined;
      reachesZod = new Map();
    },
  };
  const zodFree = (id: string, graph: ModuleGraph) => {
    let reaches = reachesZod.get(id);
    if (reaches === undefined) {
      reaches = [...staticGraph([id], graph)].some((module) => ZOD_MODULES.test(module));
      reachesZod.set(id, reaches);
    }
    return !reaches;
  };
  const graphsOf = (graph: ModuleGraph) =>
    (graphs ??= {
      entry: staticGraph(roots.entry, graph),
      page: staticGraph(roots.classPage, graph),
      menus: staticGraph(roots.classPageMenus, graph),
    });
  const groups = [
    // Ranked first: MUI's group would otherwise take React in as a dependency, and the sign-in
    // page (no MUI) would load MUI's chunk for it.
    { name: 'react', priority: 3, test: REACT_MODULES },
    {
      name: (id: string, graph: ModuleGraph) =>
        MUI_MODULES.test(id) && graphsOf(graph).page.has(id) ? 'mui' : null,
      debugName: 'mui',
      priority: 2,
    },
    {
      name: (id: string, graph: ModuleGraph) =>
        MUI_MODULES.test(id) && graphsOf(graph).menus.has(id) ? 'mui-menus' : null,
      debugName: 'mui-menus',
      priority: 1,
    },
    { name: 'mui-more', priority: 1, test: MUI_MODULES },
    {
      // packages/shared's zod-free rules that the class page reaches (through the package's index,
      // every one that some page uses), in one chunk: left to itself
      // the bundler made a chunk of a few hundred bytes of each set of them that two lazy chunks
      // share (names, roles, policies, live events, ids…), and each was one more request before
      // the class page's first messages (chat page LCP −300 ms in Lighthouse, bench/README.md). The
      // entry takes what it needs from this chunk too (the constants), so it holds no zod.
      name: (id: string, graph: ModuleGraph) =>
        SHARED_RULE_MODULES.test(id) && graphsOf(graph).page.has(id) && zodFree(id, graph)
          ? 'shared-rules'
          : null,
      debugName: 'shared-rules',
      priority: 1,
      includeDependenciesRecursively: false,
    },
    {
      // The web app's own modules that the class page shares with other chunks (class selection,
      // unread counts, drafts, the data layer's resources…): one chunk, not a dozen of 1 KB, each a
      // round trip in its chain. packages/shared's are not taken: main.tsx reaches all of them
      // through its index, so they all count as the entry's (bench/README.md, 2026-11-26 evening).
      name: (id: string, graph: ModuleGraph) => {
        const { entry, page } = graphsOf(graph);
        return !id.includes('node_modules') && page.has(id) && !entry.has(id)
          ? 'class-shared'
          : null;
      },
      debugName: 'class-shared',
      priority: 0,
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
  ];
  return { groups, plugin };
}
