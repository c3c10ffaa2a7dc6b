// The real server for the benchmarks, as a child process: what apps/server/src/main.ts does (config,
// PostgreSQL — or the embedded database with BENCH_CHILD_DATA_DIR —, migrations, services, the
// Fastify app with the live socket), plus an IPC channel the bench uses to read this process's
// memory (after a GC) and CPU time. Run with --expose-gc. On the embedded database the bench cannot
// open the database itself, so the child also seeds the join storm and runs its SQL baseline.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { Runtime } from '../apps/server/src/runtime';
import { createServices } from '../apps/server/src/services';
import { serveChildRequests } from './lib/childIpc';
import { seedStorm, stormBaseline, type StormFixture } from './lib/storm';

const databaseUrl = process.env.BENCH_CHILD_DATABASE_URL;
const dataDir = process.env.BENCH_CHILD_DATA_DIR;
const port = Number(process.env.BENCH_CHILD_PORT);
if ((!databaseUrl && !dataDir) || !port)
  throw new Error(
    'BENCH_CHILD_PORT and BENCH_CHILD_DATABASE_URL or BENCH_CHILD_DATA_DIR are required',
  );

/** A folder shaped like apps/web/dist, so the bench does not depend on a web build. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seminar-bench-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>{name}</title></head></html>',
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const publicUrl = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_FAILED_SIGN_IN_LIMIT: '1000000',
  // 1,000 sockets of 60 users, posting as fast as the ladder asks: the per-user limits are for
  // people, not for a load generator.
  LIVE_MAX_SOCKETS_PER_USER: '100000',
  LIVE_MUTATIONS_PER_SECOND: '1000000',
  LIVE_MUTATION_BURST: '1000000',
  // The search benchmark asks as fast as it can; SEARCH_PER_MINUTE is for people.
  SEARCH_PER_MINUTE: '1000000',
});
const runtime = new Runtime(config);
const app = await buildApp({ runtime, webDist: webDist() });
await app.listen({ port: config.port, host: config.host });
const database = await openDatabase(
  databaseUrl
    ? { databaseUrl, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) }
    : { dataDir: config.dataDir },
);
await runMigrations(database);
const services = await createServices({
  config,
  database,
  log: app.log,
  metrics: runtime.metrics,
});
runtime.setReady(services);

serveChildRequests({
  url: publicUrl,
  stats: () => ({ subscriptions: services.hub.size }),
  stop: async () => {
    await app.close();
    await database.close();
  },
  calls: {
    'storm-seed': async (arg) => {
      const { students, template } = arg as { students: number; template: string };
      return seedStorm(database, students, template);
    },
    'storm-baseline': (arg) =>
      stormBaseline(
        (text, params) => database.query<Record<string, unknown>>(text, params),
        arg as StormFixture,
      ),
  },
});
