// The import boundaries docs/ARCHITECTURE.md states, as ESLint rules (eslint.config.js spreads
// them; boundaries.test.ts breaks each on purpose and expects the lint to fail):
// - the server's realtime kernel (apps/server/src/live/) imports no resource folder — only the
//   database, the viewer's session (auth/) and the top-level modules (runtime, errors, config);
// - the web's screens (features/) talk to the server through data/: no tRPC client, and of live/
//   only what screens show (connection errors, the server's clock, the providers), never its
//   machinery (client, subscriptions, queries, cache);
// - the server's resource folders refuse with domain errors (errors.ts), never tRPC's: only the
//   kernel (live/) imports @trpc/server, and maps them to it in one place (live/trpcErrors.ts);
// - accounts (apps/server/src/auth/) import no classroom resource: what reacts to an account event
//   (invitations claimed once an address is proved) is handed in by services.ts;
// - the web's data layer (data/) does not import screens (features/).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The server's top-level modules that name the whole `Services` (above every resource). */
const ABOVE_RESOURCES = ['services', 'runtime', 'trpc', 'router', 'app', 'main'];

/** What the kernel may import besides itself. */
const KERNEL_MAY_IMPORT = new Set(['live', 'db', 'auth']);

/** The server's resource folders (every folder of apps/server/src the kernel may not import). */
export function serverResourceFolders() {
  return readdirSync(join(root, 'apps/server/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !KERNEL_MAY_IMPORT.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Of the resource folders, what accounts may import: mail, single sign-on, HTTP helpers. */
const AUTH_MAY_IMPORT = new Set(['mail', 'sso', 'http']);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ESLint flat-config entries for the boundaries. */
export function boundaryRules() {
  const resources = serverResourceFolders().map(escape).join('|');
  return [
    // By depth: from live/x.ts `../` is src/, from live/transport/x.ts `../` is still live/.
    ...[1, 2, 3].map((depth) => ({
      files: [`apps/server/src/live/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./){${depth}}(${resources})(/|$)`,
                message:
                  'The live kernel imports no resource (docs/ARCHITECTURE.md): give it a narrow dependency instead.',
              },
              {
                // The node's whole services and what is built on them sit above every resource.
                regex: `^(\\.\\./){${depth}}(${ABOVE_RESOURCES.join('|')})$`,
                message:
                  "The live kernel takes LiveServices or KernelServices (docs/ARCHITECTURE.md#layers), not the node's whole Services, runtime or routers.",
              },
            ],
          },
        ],
      },
    })),
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['apps/server/src/live/**', '**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^@trpc/server',
                message:
                  'Refuse with a domain error from errors.ts (docs/ARCHITECTURE.md#errors); live/trpcErrors.ts maps it to tRPC.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['apps/server/src/auth/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^\\.\\./(${serverResourceFolders()
                  .filter((folder) => !AUTH_MAY_IMPORT.has(folder))
                  .map(escape)
                  .join('|')})(/|$)`,
                message:
                  'Accounts import no classroom resource (docs/ARCHITECTURE.md): take a hook from services.ts instead.',
              },
              // ESLint keeps one setting of a rule per file: the rule above, repeated.
              {
                regex: '^@trpc/server',
                message:
                  'Refuse with a domain error from errors.ts (docs/ARCHITECTURE.md#errors); live/trpcErrors.ts maps it to tRPC.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['apps/web/src/features/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^@trpc/',
                message: 'Screens reach the server through data/ (docs/ARCHITECTURE.md).',
              },
              {
                regex:
                  '^(\\.\\./)+live/(client|subscription|liveQueries|liveCache|liveClientFactory|optimistic|useLiveQuery|offlineCache|useOfflineCopy)$',
                message:
                  'Screens use data/, not the live machinery (docs/ARCHITECTURE.md); of live/ they may show errors, the server clock and the providers.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['apps/web/src/data/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^(\\.\\./)+features/',
                message:
                  'The data layer does not import screens (docs/ARCHITECTURE.md): move the shared rule to data/ or packages/shared.',
              },
            ],
          },
        ],
      },
    },
  ];
}
