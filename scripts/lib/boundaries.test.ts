// The import boundaries (boundaries.mjs) hold: each broken on purpose fails the lint, and the
// allowed imports beside it pass.
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryRules, serverResourceFolders } from './boundaries.mjs';

function lint(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(code, boundaryRules(), { filename: path })
    .map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('knows the server resource folders, and the kernel, database and auth are not among them', () => {
    const folders = serverResourceFolders();
    expect(folders).toEqual(expect.arrayContaining(['channels', 'messages', 'classes']));
    expect(folders).not.toContain('live');
    expect(folders).not.toContain('db');
  });

  it.each([
    ['apps/server/src/live/hub.ts', "import { x } from '../channels/live';\n", true],
    [
      'apps/server/src/live/transport/socket.ts',
      "import { x } from '../../messages/commands';\n",
      true,
    ],
    ['apps/server/src/live/hub.ts', "import { x } from '../auth/session';\n", false],
    ['apps/server/src/live/topic.ts', "import { Services } from '../services';\n", true],
    [
      'apps/server/src/live/transport/socket.ts',
      "import { Runtime } from '../../runtime';\n",
      true,
    ],
    ['apps/server/src/live/hub.ts', "import { x } from '../trpc';\n", true],
    // The kernel's own trpc.ts and services.ts, from live/transport/.
    ['apps/server/src/live/transport/socket.ts', "import { X } from '../trpc';\n", false],
    ['apps/server/src/live/transport/socket.ts', "import { X } from '../services';\n", false],
    ['apps/server/src/live/hub.ts', "import { x } from '../config';\n", false],
    ['apps/server/src/live/hub.ts', "import { x } from '../db/client';\n", false],
    ['apps/server/src/live/hub.ts', "import { x } from './subscriber';\n", false],
    // From live/transport/, `../metrics` is the kernel's own sink; `../../metrics` the registry.
    ['apps/server/src/live/transport/socket.ts', "import { x } from '../metrics';\n", false],
    [
      'apps/server/src/live/transport/socket.ts',
      "import { x } from '../../metrics/registry';\n",
      true,
    ],
    ['apps/server/src/auth/auth.ts', "import { x } from '../classes/memberCommands';\n", true],
    ['apps/server/src/polls/commands.ts', "import { TRPCError } from '@trpc/server';\n", true],
    ['apps/server/src/live/trpcErrors.ts', "import { TRPCError } from '@trpc/server';\n", false],
    ['apps/server/src/polls/commands.ts', "import { DomainError } from '../errors';\n", false],
    ['apps/server/src/auth/auth.ts', "import { x } from '../mail/mailer';\n", false],
    ['apps/server/src/auth/auth.ts', "import { TRPCError } from '@trpc/server';\n", true],
    ['apps/server/src/auth/auth.ts', "import { x } from '../db/schema';\n", false],
    ['apps/web/src/features/chat/Thing.tsx', "import { x } from '@trpc/client';\n", true],
    [
      'apps/web/src/features/chat/Thing.tsx',
      "import { x } from '../../live/subscription';\n",
      true,
    ],
    ['apps/web/src/features/chat/Thing.tsx', "import { x } from '../../live/errors';\n", false],
    ['apps/web/src/features/chat/Thing.tsx', "import { x } from '../../data/messages';\n", false],
    ['apps/web/src/features/chat/Thing.test.tsx', "import { x } from '@trpc/client';\n", false],
    [
      'apps/web/src/data/products.ts',
      "import { x } from '../features/catalogue/catalogue';\n",
      true,
    ],
    ['apps/web/src/data/products.ts', "import { x } from '../live/useLiveQuery';\n", false],
  ])('%s: %s refused = %s', (path, code, refused) => {
    expect(lint(path, code).includes('no-restricted-imports')).toBe(refused);
  });
});
