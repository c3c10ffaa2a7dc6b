// startListening's port: one picked by freePort can be taken by a test file running in parallel
// before the app listens on it; the app then starts again on another. On PGlite and PostgreSQL.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './database';
import { freePort, startListening } from './factories';

let database: Database;
let squatter: Server;
let taken: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // Another process's server on a port freePort handed out.
  squatter = createServer();
  taken = await new Promise<number>((resolve) =>
    squatter.listen(0, '127.0.0.1', () => {
      const address = squatter.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
});
afterAll(async () => {
  await new Promise((resolve) => squatter.close(resolve));
  await database.close();
});

describe(`startListening (${testDatabaseKind})`, () => {
  it('starts on another port when the one it picked was taken before it listened', async () => {
    const picked: number[] = [];
    const server = await startListening(
      database,
      {},
      {
        freePort: async () => {
          const port = picked.length === 0 ? taken : await freePort();
          picked.push(port);
          return port;
        },
      },
    );
    try {
      expect(picked).toHaveLength(2);
      expect(picked[0]).toBe(taken);
      expect(server.url).toBe(`http://127.0.0.1:${picked[1]}`);
      expect(server.config.publicUrl).toBe(server.url);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.app.close();
    }
  });
});
