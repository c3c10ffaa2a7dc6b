// The soak's installation, all on 127.0.0.1: a throwaway PostgreSQL cluster on a port of its own (a
// restart never touches the PostgreSQL other tests use), three app nodes on it (bench/soak/node.ts)
// and HAProxy in front of them with a /readyz health check, as DESIGN §5 describes a deployment.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveHaproxy } from '../../scripts/lib/haproxy.mjs';
import { canConnect, startThrowawayClusterOnFreePort } from '../../scripts/lib/postgres.mjs';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import {
  freePort,
  repoRoot,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/serverProcess';

const MEMORY_LINE = /soak-memory (\{[^\n]*\})/g;

export interface Memory {
  heapUsed: number;
  rss: number;
}

/** One app node: its process (replaced on restart) and its memory at its start and now. */
export interface SoakNode {
  name: string;
  port: number;
  process: ServerProcess | null;
  starts: number;
  /** Memory of the current process once warmed up, and the last reading. */
  firstMemory: Memory | null;
  lastMemory: Memory | null;
}

export interface Cluster {
  /** The balancer's address: what every client and PUBLIC_URL use. */
  url: string;
  databaseUrl: string;
  /** The soak's own pool on the cluster (fixtures, fault queries, checks). */
  database: Database;
  nodes: SoakNode[];
  startNode(node: SoakNode): Promise<void>;
  /** Asks a node for its memory (after a GC) and waits for its answer. */
  readMemory(node: SoakNode): Promise<Memory | null>;
  restartPostgres(): Promise<void>;
  close(): Promise<void>;
}

function haproxyConfig(port: number, nodes: SoakNode[]): string {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  # The whole request (an upload's few KB) is read before a node is chosen, so it can be retried.
  option http-buffer-request
  # A refused connection or a draining node's 503 goes to another node (never a user's error).
  option redispatch 1
  retry-on conn-failure empty-response 503
frontend soak
  bind 127.0.0.1:${port}
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`).join('\n')}
`;
}

async function waitFor(test: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts PostgreSQL, HAProxy and `nodeCount` nodes; the caller closes it. */
export async function startCluster(
  nodeCount: number,
  log: (line: string) => void,
): Promise<Cluster> {
  const haproxyPath = resolveHaproxy();
  const postgres = await startThrowawayClusterOnFreePort(freePort);
  if (!postgres)
    throw new Error(
      'No PostgreSQL binaries for the soak: install the server (sudo apt-get install -y postgresql).',
    );
  const databaseUrl = postgres.url;
  log(`PostgreSQL: throwaway cluster at ${databaseUrl}`);
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await runMigrations(database);

  const balancerPort = await freePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const nodes: SoakNode[] = [];
  for (let index = 0; index < nodeCount; index += 1)
    nodes.push({
      name: `node${index + 1}`,
      port: await freePort(),
      process: null,
      starts: 0,
      firstMemory: null,
      lastMemory: null,
    });

  const dir = mkdtempSync(join(tmpdir(), 'seminar-soak-'));
  const configPath = join(dir, 'haproxy.cfg');
  writeFileSync(configPath, haproxyConfig(balancerPort, nodes));
  const haproxy: ChildProcess = spawn(haproxyPath, ['-f', configPath, '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let haproxyOutput = '';
  haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  log(`HAProxy ${haproxyPath} on ${url}`);

  const startNode = async (node: SoakNode) => {
    node.process = await startServerProcess({
      from: 'source',
      entry: join(repoRoot, 'bench/soak/node.ts'),
      nodeArgs: ['--expose-gc'],
      port: node.port,
      env: {
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: url,
        TRUST_PROXY: 'loopback', // HAProxy, on this machine
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        // The soak's users all come from 127.0.0.1 and post at classroom rates in bursts.
        AUTH_RATE_LIMIT_PER_IP: '100000',
        LIVE_MUTATION_BURST: '100',
        ATTACHMENT_UPLOADS_PER_MINUTE: '100',
        ATTACHMENT_MAX_PENDING: '100',
        AI_TRIGGERS_PER_MINUTE: '100',
        AI_JOB_LEASE_SECONDS: '5',
      },
    });
    node.starts += 1;
    node.firstMemory = null;
  };
  try {
    await Promise.all(nodes.map(startNode));
    // Every node up in the balancer (rise 2 × inter 500 ms).
    await waitFor(
      async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true,
      'HAProxy',
    );
  } catch (error) {
    // Leave nothing running behind a failed start.
    await Promise.all(nodes.map((node) => node.process?.kill().catch(() => undefined)));
    haproxy.kill('SIGKILL');
    await database.close().catch(() => undefined);
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const readMemory = async (node: SoakNode): Promise<Memory | null> => {
    const process = node.process;
    if (!process) return null;
    const before = [...process.output().matchAll(MEMORY_LINE)].length;
    process.signal('SIGUSR2');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lines = [...process.output().matchAll(MEMORY_LINE)];
      if (lines.length > before) {
        const memory = JSON.parse(lines.at(-1)![1]!) as Memory;
        node.lastMemory = memory;
        node.firstMemory ??= memory;
        return memory;
      }
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    url,
    databaseUrl,
    database,
    nodes,
    startNode,
    readMemory,
    async restartPostgres() {
      postgres.pause();
      postgres.resume();
      await waitFor(() => canConnect(databaseUrl), 'PostgreSQL after its restart');
    },
    async close() {
      await Promise.all(
        nodes.map((node) => node.process?.kill().catch(() => undefined) ?? Promise.resolve()),
      );
      haproxy.kill('SIGTERM');
      await haproxyExited;
      if (haproxy.exitCode && haproxy.exitCode !== 0 && haproxyOutput)
        log(`HAProxy said:\n${haproxyOutput.slice(-2_000)}`);
      await database.close().catch(() => undefined);
      postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
