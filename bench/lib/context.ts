// What run.ts hands every benchmark: the database, the running server, the fixture.
import type { Database } from '../../apps/server/src/db/client';
import type { ChildHandle } from './child';
import type { Fixture } from './fixtures';

export interface BenchContext {
  /** The fresh bench database. */
  databaseUrl: string;
  /** PostgreSQL settings that matter for the numbers (synchronous_commit, fsync, …). */
  postgresSettings: Record<string, string>;
  /** The real server (a child process), shared by fanout and write. */
  server: ChildHandle;
  /** The bench's own small pool on the bench database. */
  database: Database;
  fixture: Fixture;
  log(line: string): void;
}
