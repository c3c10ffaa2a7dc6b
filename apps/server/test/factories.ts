// Test factories for the server: configuration, a ready runtime on a test database, an app.
import type { Agent } from 'node:https';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import type { Mailer } from '../src/mail/mailer';
import { Runtime } from '../src/runtime';
import type { Services } from '../src/services';
import { createServices } from '../src/services';
import { cheapPasswordHashes } from '../../../test-support/serverProcess';
import { createTestDatabase } from './database';

/** A configuration as the environment would give it, with test defaults (as servers started by
 * test-support/serverProcess.ts get them). */
export function makeConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...cheapPasswordHashes(env), ...env });
}

/** The text of the test web folder's one asset, /assets/app-Ab12Cd34.js. */
export const TEST_ASSET = `export const text = ${JSON.stringify('seminar '.repeat(400))};\n`;

/** A folder shaped like apps/web/dist, so tests do not depend on a web build. */
export function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seminar-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>{name}</title><meta name="description" content="{description}"><meta name="application-name" content="{name}"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A hashed asset with the compressed copies the build writes beside it.
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), TEST_ASSET);
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(TEST_ASSET));
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(TEST_ASSET));
  // The chunks a signed-in class page's HTML names (apps/web/build/routePreloads.ts).
  writeFileSync(
    join(dir, 'route-preloads.json'),
    JSON.stringify([{ prefix: '/classes/', files: ['/assets/app-Ab12Cd34.js'] }]),
  );
  return dir;
}

/** An app on `database`, ready unless `startReady` is false (then call `ready()`). */
export async function makeApp(
  database: Database,
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    startReady?: boolean;
    logLines?: string[];
    /** Web Push requests' HTTPS agent (one that trusts a push stand-in's certificate). */
    pushAgent?: Agent;
  } = {},
): Promise<{ app: FastifyInstance; runtime: Runtime; config: Config; ready: () => Promise<void> }> {
  const config = makeConfig(env);
  const runtime = new Runtime(config);
  // With `logLines`, every log line (pino JSON) is kept there for the test to read.
  const lines = options.logLines;
  const logger = lines
    ? { level: 'info', stream: { write: (line: string) => lines.push(line) } }
    : false;
  const app = await buildApp({ runtime, logger, webDist: makeWebDist() });
  const ready = async () => {
    runtime.setReady(
      await createServices({
        config,
        database,
        log: app.log,
        mailer: options.mailer,
        metrics: runtime.metrics,
        pushAgent: options.pushAgent,
      }),
    );
  };
  if (options.startReady !== false) await ready();
  return { app, runtime, config, ready };
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Tries of `startListening` when the port it picked was taken before it listened. */
const LISTEN_TRIES = 5;

/**
 * An app listening on a real port (WebSockets need one), PUBLIC_URL set to it. PUBLIC_URL names
 * the port before the app is built (Better Auth's base URL, the CSP), so the app cannot listen on
 * port 0: the port comes from `freePort`, which has closed its probe by then, and a test file
 * running in parallel may take it first. Then the app is closed and built again on another port.
 */
export async function startListening(
  database: Database,
  env: Record<string, string> = {},
  options: { logLines?: string[]; freePort?: () => Promise<number> } = {},
) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await (options.freePort ?? freePort)();
    const url = `http://127.0.0.1:${port}`;
    const made = await makeApp(database, { PUBLIC_URL: url, ...env }, options);
    try {
      await made.app.listen({ port, host: '127.0.0.1' });
      return { ...made, url };
    } catch (error) {
      await made.app.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= LISTEN_TRIES)
        throw error;
    }
  }
}

/** One test file's server: a fresh database and a ready app on it. */
export interface TestServer {
  database: Database;
  made: Awaited<ReturnType<typeof makeApp>>;
  services: Services;
}

/**
 * Opens a fresh database and a ready app for the current test file (beforeAll) and closes both
 * after it (afterAll). Read the fields inside tests and hooks, once the file has started.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    server.database = await createTestDatabase();
    server.made = await makeApp(server.database, env);
    server.services = server.made.runtime.services!;
  });
  afterAll(async () => {
    await server.made?.app.close();
    await server.database?.close();
  });
  return server;
}
