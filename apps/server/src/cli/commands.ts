// Docs: README.md#development — `npm run db:migrate` and `npm run db:seed`: one-shot commands on the
// database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), then exit.
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { BackupError } from './backup';
import { openDatabase, type Database } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/dataDirLock';
import { runMigrations } from '../db/migrate';
import { loadEnvFile } from '../envFile';
import { seedOnStart } from '../seed/seed';
import { createServices } from '../services';

async function withDatabase(config: Config, work: (database: Database) => Promise<void>) {
  // An embedded database belongs to one process at a time, a running server's included.
  const lock =
    !config.databaseUrl && !config.dataDir.startsWith('memory://')
      ? acquireDataDirLock(config.dataDir)
      : null;
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/** Applies every migration not yet applied (what the server does at start), then closes. */
export async function migrateCommand(config: Config, log: FastifyBaseLogger): Promise<void> {
  await withDatabase(config, async (database) => {
    await runMigrations(database);
    log.info({ database: database.kind }, 'migrations applied');
  });
}

/**
 * Migrates, then seeds what is missing as a fresh start does: the catalogue on an empty products
 * table, and the demo class (when SEED_DEMO's rules allow it) on a database without users.
 * Running it again changes nothing.
 */
export async function seedCommand(config: Config, log: FastifyBaseLogger): Promise<void> {
  await withDatabase(config, async (database) => {
    await runMigrations(database);
    const services = await createServices({ config, database, log });
    try {
      await seedOnStart(services, log);
      if (!config.seedDemo)
        log.info('demo class not seeded (SEED_DEMO rules; SEED_DEMO=1 seeds it)');
    } finally {
      await services.agents.stop();
      await services.notifications.stop();
      await services.push.stop();
      await services.hub.stop();
    }
    log.info({ database: database.kind }, 'seed done');
  });
}

/**
 * Runs a command as a process: `.env` and the configuration as the server reads them, a pino log,
 * exit 0 when done, 1 with one line when the configuration or the command fails.
 */
export function runAsProcess(
  name: string,
  command: (config: Config, log: FastifyBaseLogger) => Promise<void>,
): void {
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    process.stderr.write(
      `${name}: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
  command(config, pino({ level: config.logLevel })).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof DataDirLockedError || error instanceof BackupError) {
        process.stderr.write(`${name}: ${error.message}\n`);
        process.exit(1);
      }
      process.stderr.write(
        `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
