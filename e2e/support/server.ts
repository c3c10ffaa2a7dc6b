// The browser tests run the built app, as `npm start` would.
import { startServerProcess, type ServerProcess } from '../../test-support/serverProcess';

export type RunningServer = ServerProcess;

/** Starts the built server on a free port with its own embedded database. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServerProcess({ from: 'dist', env });
}
