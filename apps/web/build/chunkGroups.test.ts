import { describe, expect, it } from 'vitest';
import {
  chunkGroups,
  MUI_MODULES,
  REACT_MODULES,
  SHARED_RULE_MODULES,
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

  it.each([
    ['/app/packages/shared/src/names.ts', true],
    ['/app/packages/shared/src/liveEvents.ts', true],
    ['/app/packages/shared/src/index.ts', false],
    ['/app/packages/shared/src/schemas/documentId.ts', false],
    ['/app/packages/shared/src/liveClient/liveClient.ts', false],
    ['/app/packages/shared/src/names.test.ts', false],
    ['/app/apps/web/src/features/chat/names.ts', false],
  ])('shared rules: %s → %s', (id, matches) => {
    expect(SHARED_RULE_MODULES.test(id)).toBe(matches);
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
  const main = '/app/src/main.tsx';
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
    const { groups } = chunkGroups({ entry: [main], classPage: [page], classPageMenus: [menus] });
    const graph = graphOf({
      [main]: [],
      [page]: [button],
      [menus]: [menu, button],
      [button]: [],
      [menu]: [],
    });
    expect(nameOf(groups, nm('react-dom/client.js'), graph)).toBe('react');
    expect(nameOf(groups, button, graph)).toBe('mui');
    expect(nameOf(groups, menu, graph)).toBe('mui-menus');
    expect(nameOf(groups, dialog, graph)).toBe('mui-more');
  });

  it('puts the app modules of the class page’s graph in "class-shared", not the entry’s', () => {
    const { groups } = chunkGroups({ entry: [main], classPage: [page], classPageMenus: [menus] });
    const virtuoso = nm('react-virtuoso/dist/index.mjs');
    const graph = graphOf({
      [main]: ['/app/src/session.ts'],
      [page]: ['/app/src/names.ts', '/app/src/session.ts', virtuoso],
      [menus]: ['/app/src/menuOnly.ts'],
    });
    expect(nameOf(groups, '/app/src/names.ts', graph)).toBe('class-shared');
    expect(nameOf(groups, page, graph)).toBe('class-shared');
    // The entry's own stay in the entry (the sign-in page would load the group otherwise).
    expect(nameOf(groups, '/app/src/session.ts', graph)).toBeNull();
    expect(nameOf(groups, '/app/src/menuOnly.ts', graph)).toBeNull();
    expect(nameOf(groups, virtuoso, graph)).toBeNull();
    // Only modules shared by two chunks or more: a page's own modules stay in its chunk.
    expect(groups.find((group) => group.debugName === 'class-shared')).toMatchObject({
      minShareCount: 2,
      includeDependenciesRecursively: false,
    });
  });

  it('puts packages/shared’s zod-free rules that the class page reaches in "shared-rules"', () => {
    const { groups } = chunkGroups({ entry: [main], classPage: [page], classPageMenus: [menus] });
    const shared = (name: string) => `/app/packages/shared/src/${name}`;
    const zod = nm('zod/v4/classic/schemas.js');
    const graph = graphOf({
      [main]: [shared('index.ts')],
      [page]: [shared('index.ts'), '/app/src/session.ts'],
      [menus]: [],
      [shared('index.ts')]: [shared('names.ts'), shared('email.ts'), shared('schemas/text.ts')],
      [shared('names.ts')]: [shared('constants.ts')],
      [shared('constants.ts')]: [],
      // A rule that imports a schema would bring zod into every page's first load.
      [shared('email.ts')]: [shared('schemas/text.ts')],
      [shared('schemas/text.ts')]: [zod],
      [shared('unused.ts')]: [],
    });
    expect(nameOf(groups, shared('names.ts'), graph)).toBe('shared-rules');
    expect(nameOf(groups, shared('constants.ts'), graph)).toBe('shared-rules');
    expect(nameOf(groups, shared('email.ts'), graph)).toBeNull();
    expect(nameOf(groups, shared('schemas/text.ts'), graph)).toBeNull();
    expect(nameOf(groups, shared('index.ts'), graph)).toBeNull();
    // Not reached from the class page: left where the bundler puts it.
    expect(nameOf(groups, shared('unused.ts'), graph)).toBeNull();
    expect(groups.find((group) => group.debugName === 'shared-rules')).toMatchObject({
      includeDependenciesRecursively: false,
    });
  });

  it('reads the graphs again at the start of each build', () => {
    const { groups, plugin } = chunkGroups({
      entry: [main],
      classPage: [page],
      classPageMenus: [menus],
    });
    const graph = (pageImports: string[]) =>
      graphOf({ [main]: [], [page]: pageImports, [menus]: [] });
    expect(nameOf(groups, dialog, graph([button]))).toBe('mui-more');
    (plugin.buildStart as () => void)();
    expect(nameOf(groups, dialog, graph([button, dialog]))).toBe('mui');

    // So does whether a rule reaches zod (a rule that starts importing a schema leaves the group).
    const rule = '/app/packages/shared/src/names.ts';
    const schema = '/app/packages/shared/src/schemas/text.ts';
    const rules = (ruleImports: string[]) =>
      graphOf({
        [main]: [rule],
        [page]: [rule],
        [menus]: [],
        [rule]: ruleImports,
        [schema]: [nm('zod/index.js')],
      });
    (plugin.buildStart as () => void)();
    expect(nameOf(groups, rule, rules([]))).toBe('shared-rules');
    expect(nameOf(groups, rule, rules([schema]))).toBe('shared-rules');
    (plugin.buildStart as () => void)();
    expect(nameOf(groups, rule, rules([schema]))).toBeNull();
  });
});
