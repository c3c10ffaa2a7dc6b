// What `npm run build` makes and from what: `npm start` and the browser tests (e2e global setup)
// build a workspace whose output is missing or older than any of its sources, so neither runs a
// stale app after a source edit.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Each workspace's built output and the files and folders it is built from. */
export const BUILD_TARGETS = [
  {
    workspace: '@seminar/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
      // The bundles hold the npm packages too: a changed lock file (new versions) rebuilds them.
      'package-lock.json',
    ],
  },
  {
    workspace: '@seminar/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/shared/src',
      'package-lock.json',
    ],
  },
];

/** Newest modification time under `paths` of `root` (node_modules and dist excluded). */
export function newestSource(root, paths) {
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

/** The targets whose output is missing or older than one of its sources. */
export function staleTargets(root) {
  return BUILD_TARGETS.filter((target) => {
    const output = join(root, target.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : -1;
    return builtAt < newestSource(root, target.sources);
  });
}

/** Builds every stale target; the exit status of the first build that failed, else 0. */
export function buildStale(root) {
  for (const target of staleTargets(root)) {
    process.stdout.write(`Building ${target.workspace}…\n`);
    const result = spawnSync('npm', ['run', '--silent', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
      // A build is a production build whoever asks: from inside Vitest (the e2e global setup)
      // NODE_ENV is `test`, and Vite then builds without `import.meta.env.PROD` — an app that
      // never registers its service worker.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}
