// startThrowawayClusterOnFreePort: a port picked by freePort can be taken by another process before
// PostgreSQL binds it; the cluster then starts again on another port.
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startThrowawayClusterOnFreePort } from '../../../../scripts/lib/postgres.mjs';
import { freePort } from '../factories';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('starts PostgreSQL on another port when the one it picked was taken before it bound it', async () => {
  const squatter: Server = createServer();
  const taken = await new Promise<number>((resolve) =>
    squatter.listen(0, '127.0.0.1', () => {
      const address = squatter.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  cleanups.push(() => new Promise((resolve) => squatter.close(resolve)));
  const picked: number[] = [];
  const cluster = await startThrowawayClusterOnFreePort(async () => {
    const port = picked.length === 0 ? taken : await freePort();
    picked.push(port);
    return port;
  });
  if (!cluster) throw new Error('PostgreSQL binaries are needed: apt-get install -y postgresql');
  cleanups.push(() => cluster.stop());
  expect(picked).toHaveLength(2);
  expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${picked[1]}/postgres`);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const { rows } = await client.query<{ one: number }>('select 1 as one');
  await client.end();
  expect(rows[0]?.one).toBe(1);
});
