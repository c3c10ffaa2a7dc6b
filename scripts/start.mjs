// `npm start`: builds what is not built (or is older than its sources), then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './lib/nodeVersion.mjs';

requireSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));

// The repository's .env (the server reads the working directory's too): real variables win over it.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

/** Newest modification time under the given files and folders (node_modules and dist excluded). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

const builtAt = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : -1);

const targets = [
  {
    workspace: '@seminar/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    workspace: '@seminar/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
];

for (const target of targets) {
  if (builtAt(target.output) >= newest(target.sources)) continue;
  process.stdout.write(`Building ${target.workspace}…\n`);
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(join(root, 'apps/server/dist/main.js'));
