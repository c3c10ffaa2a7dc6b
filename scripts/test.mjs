// `npm test`: static checks (with scripts/check-doc-links.mjs), then every Vitest project — shared, web, server on PGlite and on
// PostgreSQL, browser tests in Chromium — then the chaos soak's short form. Prepares PostgreSQL,
// Chromium and HAProxy first (see README).
import { spawn, spawnSync } from 'node:child_process';
import { resolveChromium } from './lib/chromium.mjs';
import { resolveHaproxy } from './lib/haproxy.mjs';
import { requireSupportedNode } from './lib/nodeVersion.mjs';
import { hasPostgresBinaries, resolvePostgres } from './lib/postgres.mjs';

requireSupportedNode();

const args = process.argv.slice(2);
const step = (title) => process.stdout.write(`\n=== ${title}\n`);

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stdout.write(
      `\n${command} ${commandArgs.join(' ')} failed (exit ${result.status ?? result.signal}).\n`,
    );
    cleanup();
    process.exit(result.status ?? 1);
  }
}

let postgres = null;
function cleanup() {
  postgres?.stop?.();
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

const projects = ['shared', 'web', 'server-pglite', 'server-postgres', 'e2e'];
const env = { ...process.env };

step('PostgreSQL');
if (process.env.SEMINAR_SKIP_POSTGRES === '1') {
  process.stdout.write(
    '\n!!!!!!!! SKIPPED: PostgreSQL tests (SEMINAR_SKIP_POSTGRES=1) — only PGlite was tested !!!!!!!!\n\n',
  );
  projects.splice(projects.indexOf('server-postgres'), 1);
} else {
  postgres = await resolvePostgres();
  if (!postgres) {
    process.stderr.write(
      `No PostgreSQL for the tests: set TEST_DATABASE_URL, run one on 127.0.0.1:5432${hasPostgresBinaries() ? '' : ', or install the server (apt-get install -y postgresql)'}; SEMINAR_SKIP_POSTGRES=1 skips these tests.\n`,
    );
    process.exit(1);
  }
  env.TEST_DATABASE_URL = postgres.url;
  process.stdout.write(`using ${postgres.source}\n`);
}

step('Chromium');
try {
  env.CHROMIUM_PATH = resolveChromium();
  process.stdout.write(`using ${env.CHROMIUM_PATH}\n`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  cleanup();
  process.exit(1);
}

step('HAProxy (the chaos soak)');
try {
  env.HAPROXY_PATH = resolveHaproxy();
  process.stdout.write(`using ${env.HAPROXY_PATH}\n`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  cleanup();
  process.exit(1);
}

/**
 * Runs the commands at once (each is mostly one core: tsc and type-aware ESLint take ~35 s each),
 * prints each one's output whole when it ends, and stops the run if any failed.
 */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([command, commandArgs]) =>
        new Promise((resolve) => {
          const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          // 'close' follows 'error' too (a command that could not start): reported there.
          child.on('error', (error) => (output += `${error}\n`));
          child.on('close', (code, signal) => {
            process.stdout.write(`--- ${command} ${commandArgs.join(' ')}\n${output}`);
            resolve({ command, commandArgs, code: code ?? signal ?? 1 });
          });
        }),
    ),
  );
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length === 0) return;
  for (const { command, commandArgs, code } of failed)
    process.stdout.write(`\n${command} ${commandArgs.join(' ')} failed (exit ${code}).\n`);
  cleanup();
  process.exit(1);
}

step('Static checks, side by side: typecheck, lint, format, doc links');
await runTogether([
  ['npm', ['run', '--silent', 'typecheck']],
  ['npm', ['run', '--silent', 'lint']],
  ['npm', ['run', '--silent', 'format:check']],
  ['node', ['scripts/check-doc-links.mjs']],
]);

step('Build (the browser tests run the built app)');
run('npm', ['run', '--silent', 'build']);

step(`Tests: ${projects.join(', ')}`);
run('npx', ['vitest', 'run', ...projects.flatMap((name) => ['--project', name]), ...args], env);

// Its own PostgreSQL cluster (it restarts it) and three nodes behind HAProxy: docs/realtime.md.
step('Chaos soak, short form: 2 minutes, 3 faults');
run('npx', ['tsx', 'bench/soak.ts'], {
  ...env,
  SOAK_MINUTES: '2',
  SOAK_FAULTS: '3',
  SOAK_RESULT: 'soak-short',
});
cleanup();
