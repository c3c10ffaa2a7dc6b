// Vitest global setup for the server projects: one migrated database made once per run, which every
// test file clones (PGlite: a data-dir dump; PostgreSQL: a template database). DEVELOPERS.md: a fresh
// PGlite costs ~3.5 s, a clone ~0.5 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { resolvePostgres } from '../../../scripts/lib/postgres.mjs';
import { withDatabase } from './urls';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = process.env.SEMINAR_TEST_DB ?? project.config.env?.SEMINAR_TEST_DB;
  if (kind === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const client = (
    database as unknown as { db: { $client: { dumpDataDir(c: 'none'): Promise<Blob> } } }
  ).db.$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'seminar-pglite-'));
  const path = join(dir, 'snapshot.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  project.provide('postgresAdminUrl', '');
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const resolved = await resolvePostgres();
  if (!resolved) {
    throw new Error(
      'No PostgreSQL for the server-postgres tests: set TEST_DATABASE_URL or run one on 127.0.0.1:5432 (npm test finds or starts one).',
    );
  }
  const adminUrl = resolved.url;
  const template = `seminar_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const database = await openDatabase({
    databaseUrl: withDatabase(adminUrl, template),
    poolSize: 2,
  });
  await runMigrations(database);
  await database.close();
  project.provide('pgliteSnapshotPath', '');
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
    resolved.stop?.();
  };
}
