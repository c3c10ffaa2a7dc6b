// Docs: README.md — the server's entry point: listen at once, then open the database and migrate.
import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { drainAndClose } from './drain';
import { openDatabase, type Database } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/dataDirLock';
import { runMigrations } from './db/migrate';
import { Runtime } from './runtime';
import { seedOnStart } from './seed/seed';
import { createServices } from './services';
import { isLoopbackHost } from './http/loopback';
import { loadEnvFile } from './envFile';
import { loggerOptions } from './logFormat';

async function main(): Promise<void> {
  let config: Config;
  let envFile: string | null;
  try {
    envFile = loadEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database belongs to one process: take its folder before anything else starts.
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl && !config.dataDir.startsWith('memory://')) {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        process.stderr.write(`${error.message}\n`);
        process.exit(1);
      }
      throw error;
    }
    const held = lock;
    process.on('exit', () => held.release());
  }

  const runtime = new Runtime(config);
  const app = await buildApp({ runtime, logger: await loggerOptions(config) });
  const log = app.log;
  if (envFile) log.info(`read ${envFile} (variables set in the environment win over it)`);
  let database: Database | null = null;
  let stopping = false;

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceMs;
    log.info({ signal, graceMs }, 'shutting down: draining');
    // A stuck drain (a database that does not answer) must not outlive the grace.
    const force = setTimeout(() => {
      log.error({ graceMs }, 'shutdown did not finish within the grace: exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      const outcome = await drainAndClose({
        runtime,
        app,
        database,
        log,
        graceMs,
        reason: `The server is shutting down (${signal}).`,
      });
      log.info({ outcome }, 'stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    {
      url: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : `pglite in ${config.dataDir}`,
      ...(lock ? { lock: lock.path } : {}),
    },
    `${config.appName} listening on ${config.publicUrl}`,
  );

  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const services = await createServices({ config, database, log, metrics: runtime.metrics });
  if (services.mailer.outbox)
    log.info(
      `no SMTP_URL: mail is kept at ${config.publicUrl}/dev/outbox, shown only to requests from this machine`,
    );
  if (!config.seedDemo && !config.isProduction && !isLoopbackHost(config.host))
    log.info(
      `demo accounts not seeded: HOST ${config.host} is reachable from other machines and their password is published (SEED_DEMO=1 seeds them anyway)`,
    );
  await seedOnStart(services, log);
  runtime.setReady(services);
  log.info('database ready');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
