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
  it('follows static imports through cycles, to modules it has no information on', () => {
    const graph = graphOf({ a: ['b'], b: ['c', 'a'], c: ['external'], lazy: ['d'] });
    expect([...staticGraph(['a'], graph)].sort()).toEqual(['a', 'b', 'c', 'external']);
  });

  it('refuses a root the bundler does not know (a renamed file)', () => {
    expect(() => staticGraph(['a', 'gone.tsx'], graphOf({ a: [] }))).toThrow(
      'chunkGroups: no such module: gone.tsx',
    );
  });
});

describe('chunkGroups', () => {
  const page = '/app/src/ClassPage.tsx';
  const menus = '/app/src/rowMenus.tsx';
  const button = nm('@mui/material/Button/Button.js');
  const menu = nm('@mui/material/Menu/Menu.js');
  const dialog = nm('@mui/material/Dialog/Dialog.js');
  type NameOf = (id: string, graph: ModuleGraph) => string | null;
  const nameOf = (
    groups: ReturnType<typeof chunkGroups>['groups'],
    id: string,
    graph: ModuleGraph,
  ) =>
    groups
      .slice()
      .sort((a, b) => b.priority - a.priority)
      .map((group) =>
        'test' in group
          ? group.test.test(id)
            ? group.name
            : null
          : (group.name as NameOf)(id, graph),
      )
      .find((name) => name !== null) ?? null;

  it('puts the class page’s MUI in "mui", its menus’ in "mui-menus", the rest in "mui-more"', () => {
    const { groups } = chunkGroups({ classPage: [page], classPageMenus: [menus] });
    const graph = graphOf({
      [page]: [button, '/app/src/util.ts'],
      [menus]: [menu, button],
      [button]: [],
      [menu]: [],
    });
    expect(nameOf(groups, nm('react-dom/client.js'), graph)).toBe('react');
    expect(nameOf(groups, button, graph)).toBe('mui');
    expect(nameOf(groups, menu, graph)).toBe('mui-menus');
    expect(nameOf(groups, dialog, graph)).toBe('mui-more');
    expect(nameOf(groups, '/app/src/util.ts', graph)).toBeNull();
  });

  it('reads the graphs again at the start of each build', () => {
    const { groups, plugin } = chunkGroups({ classPage: [page], classPageMenus: [menus] });
    expect(nameOf(groups, dialog, graphOf({ [page]: [button], [menus]: [] }))).toBe('mui-more');
    (plugin.buildStart as () => void)();
    expect(nameOf(groups, dialog, graphOf({ [page]: [button, dialog], [menus]: [] }))).toBe('mui');
  });
});
