// The browser tests run the built app, as `npm start` would.
import { inject } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../test-support/serverProcess';
import { watchServer } from './diagnostics';

export type RunningServer = ServerProcess;

/**
 * Starts the built server on a free port with its own embedded database: a copy of the one the
 * global setup migrated (so a spec does not wait for a fresh cluster and every migration); the demo
 * class is seeded at start as usual, unless SEED_DEMO=0.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServerProcess({
    from: 'dist',
    env,
    dataDirFrom: inject('dataDirTemplate'),
  });
  watchServer(server);
  return server;
}
