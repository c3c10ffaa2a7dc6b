// startServerProcess's port: one picked by freePort can be taken by a test file running in parallel
// before the child listens on it. The child then exits with EADDRINUSE and starts again on another
// port — and a server of someone else's answering /readyz on the taken port is not taken for ours.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, listensOn, startServerProcess } from '../../../../test-support/serverProcess';

let squatter: Server;
let taken: number;

beforeAll(async () => {
  // Another test file's server on the port freePort handed out: ready, as a Seminar server would be.
  squatter = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  });
  taken = await new Promise<number>((resolve) =>
    squatter.listen(0, '127.0.0.1', () => {
      const address = squatter.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
});
afterAll(async () => {
  await new Promise((resolve) => squatter.close(resolve));
});

describe('startServerProcess', () => {
  it('tells its own listener from another process on the port', () => {
    expect(listensOn(process.pid, taken)).toBe(true);
    expect(listensOn(process.pid, taken === 65_535 ? 65_534 : taken + 1)).toBe(false);
  });

  it('starts again on another port when the one it picked was taken before it listened', async () => {
    const picked: number[] = [];
    const server = await startServerProcess({
      from: 'source',
      freePort: async () => {
        const port = picked.length === 0 ? taken : await freePort();
        picked.push(port);
        return port;
      },
    });
    try {
      expect(picked).toHaveLength(2);
      expect(picked[0]).toBe(taken);
      expect(server.port).toBe(picked[1]);
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      await server.stop();
    }
  });
});
