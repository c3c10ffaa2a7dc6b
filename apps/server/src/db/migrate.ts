// Docs: docs/ARCHITECTURE.md#one-database-dialect — migrations are applied at start, on both drivers.
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../paths';
import type { Database } from './client';

/** An arbitrary constant: the advisory lock that serialises migrations across starting nodes. */
const MIGRATION_LOCK_KEY = 7_302_114;

/**
 * Applies every committed migration not yet applied. On PostgreSQL several nodes may start at once,
 * so the run holds an advisory lock; the second node waits, then finds nothing to do.
 * `migrationsFolder` is for tests that apply a migration to data made by the ones before it.
 */
export async function runMigrations(
  database: Database,
  migrationsFolder: string = migrationsDir,
): Promise<void> {
  const config = { migrationsFolder };
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, config);
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, config);
    }
  });
}
