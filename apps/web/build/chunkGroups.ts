// How the build groups libraries into chunks (vite.config.ts). Docs: docs/ARCHITECTURE.md#first-load
//
// Left to itself the bundler split React and MUI into many small shared chunks, each one more
// request in the class page's chain. Three groups instead: React; the MUI that the class page
// imports statically (its first render needs it, in one chunk); the rest of MUI (dialogs' and other
// pages' components, one chunk loaded when first needed).
import type { Plugin } from 'vite';

export const REACT_MODULES = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
export const MUI_MODULES =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material|core-downloads-tracker)|@emotion[\\/][a-z-]+|@popperjs[\\/]core|react-transition-group|stylis|hoist-non-react-statics)[\\/]/;

/** The part of the bundler's module graph the groups read. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module reachable from `roots` through static imports (dynamic imports are other chunks). */
export function staticGraph(roots: readonly string[], graph: ModuleGraph): Set<string> {
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
 * The build's chunk groups, and a plugin that forgets the class page's graph at each build's start
 * (a watching build sees the modules change). `classPageRoots`: the class page's route modules.
 */
export function chunkGroups(classPageRoots: readonly string[]) {
  let classPage: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'seminar:chunk-groups',
    apply: 'build',
    buildStart() {
      classPage = undefined;
    },
  };
  const groups = [
    // Ranked first: MUI's group would otherwise take React in as a dependency, and the sign-in
    // page (no MUI) would load MUI's chunk for it.
    { name: 'react', priority: 2, test: REACT_MODULES },
    {
      name: (id: string, graph: ModuleGraph) => {
        if (!MUI_MODULES.test(id)) return null;
        classPage ??= staticGraph(classPageRoots, graph);
        return classPage.has(id) ? 'mui' : null;
      },
      debugName: 'mui',
      priority: 1,
    },
    { name: 'mui-more', priority: 1, test: MUI_MODULES },
  ];
  return { groups, plugin };
}
