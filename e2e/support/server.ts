// The browser tests run the built app, as `npm start` would.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../test-support/serverProcess';
import { watchServer } from './diagnostics';

export type RunningServer = ServerProcess;

/** The spare's niceness while it starts: the spec running meanwhile keeps the CPU it needs. */
const SPARE_NICE = 10;

function launch(
  env: Record<string, string>,
  spare?: { record: (pid: number, dataDir: string) => void },
): Promise<RunningServer> {
  return startServerProcess({
    from: 'dist',
    env,
    dataDirFrom: inject('dataDirTemplate'),
    ...(spare
      ? { nice: SPARE_NICE, spawned: ({ pid, dataDir }) => spare.record(pid, dataDir) }
      : {}),
  }).then((server) => {
    watchServer(server);
    return server;
  });
}

/**
 * A server started while the previous spec ran (the specs share one worker, vitest.config.ts), so
 * the next spec asking for the usual settings does not wait the ~3–5 s of a start. It is recorded
 * (`spareRecords`) until a spec takes it: the one left at the end is ended by the global setup's
 * teardown. Only where its priority can be raised again once taken (root, as on CI): a spec's
 * server at niceness 10 would lose the CPU to Chromium.
 */
let spare: { server: Promise<RunningServer>; record: { file: string | null } } | null = null;
const sparesAllowed = process.getuid?.() === 0;

function makeSpare(): void {
  const record: { file: string | null } = { file: null };
  const server = launch(
    {},
    {
      record: (pid, dataDir) => {
        record.file = join(inject('spareRecords'), String(pid));
        writeFileSync(record.file, dataDir);
      },
    },
  );
  // A failure is seen by the spec that takes it; until then it must not count as unhandled.
  server.catch(() => undefined);
  spare = { server, record };
}

async function takeSpare(taken: NonNullable<typeof spare>): Promise<RunningServer | null> {
  try {
    const server = await taken.server;
    // The spec stops it (and removes its folder) as any server of its own.
    if (taken.record.file) rmSync(taken.record.file, { force: true });
    server.unnice();
    return server;
  } catch (error) {
    console.warn(`the spare server did not start; starting one for this spec: ${String(error)}`);
    return null;
  }
}

/**
 * A built server on a free port with its own embedded database: a copy of the one the global setup
 * migrated (so a spec does not wait for a fresh cluster and every migration); the demo class is
 * seeded at start as usual, unless SEED_DEMO=0.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  let server: RunningServer | null = null;
  // The spare has the usual settings; a spec asking for others starts its own server.
  if (spare && Object.keys(env).length === 0) {
    const taken = spare;
    spare = null;
    server = await takeSpare(taken);
  }
  server ??= await launch(env);
  if (!spare && sparesAllowed) makeSpare();
  return server;
}
