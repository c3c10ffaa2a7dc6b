// Two server processes on one PostgreSQL, for the tests of what crosses nodes: node A is the public
// address (PUBLIC_URL) both answer as, so a session made through one is good on the other.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import type { TestUser } from '../fixtures';
import { connectLive, type LiveTestClient } from '../liveClient';

export interface TwoNodes {
  database: Database & { url?: string };
  nodeA: ServerProcess;
  nodeB: ServerProcess;
  /** The address both nodes answer as (node A's). */
  publicUrl: string;
  /** Signs up over real HTTP through a node. */
  signUp(node: ServerProcess, name: string): Promise<TestUser>;
  /** A live client of `user` on `node` (closed after the file). */
  live(node: ServerProcess, user: TestUser): LiveTestClient;
}

/**
 * Starts the database and both nodes before the file's tests (beforeAll) and stops them after
 * (afterAll). Read the fields inside tests and hooks, once the file has started.
 */
export function useTwoNodes(env: Record<string, string> = {}): TwoNodes {
  const clients: LiveTestClient[] = [];
  const nodes = {
    async signUp(node: ServerProcess, name: string): Promise<TestUser> {
      const email = uniqueEmail('node');
      const response = await fetch(`${node.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: nodes.publicUrl },
        body: JSON.stringify({ name, email, password: GOOD_PASSWORD }),
      });
      expect(response.status).toBe(200);
      const cookie = response.headers
        .getSetCookie()
        .find((value) => value.includes('session_token='));
      const body = (await response.json()) as { user: { id: string } };
      return {
        uid: body.user.id,
        email,
        displayName: name,
        emailVerified: false,
        cookie: cookie!.split(';')[0]!,
      };
    },
    live(node: ServerProcess, user: TestUser): LiveTestClient {
      const client = connectLive(node.url, { cookie: user.cookie, origin: nodes.publicUrl });
      clients.push(client);
      return client;
    },
  } as TwoNodes;
  beforeAll(async () => {
    nodes.database = await createTestDatabase();
    const url = nodes.database.url;
    if (!url) throw new Error('a two-node test needs PostgreSQL');
    nodes.nodeA = await startServerProcess({
      from: 'source',
      env: { DATABASE_URL: url, LOG_LEVEL: 'warn', ...env },
    });
    nodes.publicUrl = nodes.nodeA.url;
    nodes.nodeB = await startServerProcess({
      from: 'source',
      env: { DATABASE_URL: url, LOG_LEVEL: 'warn', PUBLIC_URL: nodes.publicUrl, ...env },
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await nodes.nodeA?.stop();
    await nodes.nodeB?.stop();
    await nodes.database?.close();
  });
  return nodes;
}
