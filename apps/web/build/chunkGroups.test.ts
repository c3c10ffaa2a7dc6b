import { describe, expect, it } from 'vitest';
import {
  chunkGroups,
  MUI_MODULES,
  REACT_MODULES,
  staticGraph,
  type ModuleGraph,
} from './chunkGroups';

const nm = (path: string) => `/app/node_modules/${path}`;

/** A module graph from an adjacency table: id → its static imports. */
function graphOf(imports: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in imports ? { importedIds: imports[id] ?? [] } : null) };
}

describe('the library patterns', () => {
  it.each([
    [nm('react/index.js'), true],
    [nm('react-dom/cjs/react-dom-client.production.js'), true],
    [nm('scheduler/index.js'), true],
    [nm('react-router/dist/index.mjs'), false],
    [nm('react-virtuoso/dist/index.mjs'), false],
    [nm('@tanstack/react-query/build/modern/index.js'), false],
  ])('React: %s → %s', (id, matches) => {
    expect(REACT_MODULES.test(id)).toBe(matches);
  });

  it.each([
    [nm('@mui/material/Button/Button.js'), true],
    [nm('@mui/system/esm/createStyled.js'), true],
    [nm('@emotion/react/dist/emotion-react.esm.js'), true],
    [nm('@popperjs/core/lib/popper.js'), true],
    [nm('@mui/x-charts/BarChart/BarChart.js'), false],
    [nm('react/index.js'), false],
    ['/app/apps/web/src/features/chat/MessageItem.tsx', false],
  ])('MUI: %s → %s', (id, matches) => {
    expect(MUI_MODULES.test(id)).toBe(matches);
  });
});

describe('staticGraph', () => {
  it('follows static imports through cycles and stops at modules it does not know', () => {
    const graph = graphOf({ a: ['b'], b: ['c', 'a'], c: ['external'], lazy: ['d'] });
    expect([...staticGraph(['a'], graph)].sort()).toEqual(['a', 'b', 'c', 'external']);
  });
});

describe('chunkGroups', () => {
  const page = '/app/src/ClassPage.tsx';
  const button = nm('@mui/material/Button/Button.js');
  const dialog = nm('@mui/material/Dialog/Dialog.js');
  const muiName = (groups: ReturnType<typeof chunkGroups>['groups']) =>
    groups[1]?.name as (id: string, graph: ModuleGraph) => string | null;

  it('puts the MUI the class page imports statically in "mui", and nothing else', () => {
    const { groups } = chunkGroups([page]);
    const graph = graphOf({ [page]: [button, '/app/src/util.ts'], [button]: [] });
    const name = muiName(groups);
    expect(name(button, graph)).toBe('mui');
    expect(name(dialog, graph)).toBeNull();
    expect(name('/app/src/util.ts', graph)).toBeNull();
    expect(groups.map((group) => group.debugName ?? group.name)).toEqual([
      'react',
      'mui',
      'mui-more',
    ]);
  });

  it('reads the class page again at the start of each build', () => {
    const { groups, plugin } = chunkGroups([page]);
    const name = muiName(groups);
    expect(name(dialog, graphOf({ [page]: [button] }))).toBeNull();
    (plugin.buildStart as () => void)();
    expect(name(dialog, graphOf({ [page]: [button, dialog] }))).toBe('mui');
  });
});
