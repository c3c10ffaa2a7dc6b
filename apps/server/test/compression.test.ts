// What the web app costs on the wire: the build's precompressed files sent as they are (brotli or
// gzip, as the browser accepts), hashed assets cached for good, index.html and API JSON compressed
// on the fly, and the web app manifest.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp, TEST_ASSET } from './factories';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await makeApp(database, { APP_NAME: 'Physics Lab' }));
  // Any JSON API answer over the threshold is compressed (the tRPC traffic is on the socket).
  app.get('/api/test/large', async () => ({ rows: Array.from({ length: 600 }, (_, n) => n) }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe(`compression and caching (${testDatabaseKind})`, () => {
  it('sends a built asset as its brotli copy, immutable', async () => {
    const response = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(TEST_ASSET);
    expect(response.rawPayload.length).toBeLessThan(TEST_ASSET.length / 4);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gzip = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(TEST_ASSET);

    const plain = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(TEST_ASSET);
  });

  it('compresses index.html (filled with APP_NAME) and keeps it revalidated', async () => {
    const response = await get('/classes/abc', {
      accept: 'text/html',
      'accept-encoding': 'br, gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Small pages are not worth it; the real index.html is over the threshold, this one is not.
    const body =
      response.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.body;
    expect(body).toContain('<title>Physics Lab');
  });

  it('names a class page’s chunks in its HTML for a browser with a session cookie, only', async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/app-Ab12Cd34.js">';
    const page = (url: string, cookie?: string) =>
      get(url, { accept: 'text/html', ...(cookie ? { cookie } : {}) });
    const signedIn = await page('/classes/abc?channel=x', 'a=1; better-auth.session_token=t.s');
    expect(signedIn.body).toContain(`${preload}\n  </head>`);
    // The session's answer too, which the app asks for first (as a fetch, same-origin credentials).
    expect(signedIn.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">',
    );
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    const secure = await page('/classes/abc', '__Secure-better-auth.session_token=t.s');
    expect(secure.body).toContain(preload);
    // Signed out, or another page: the sign-in page would fetch chunks it never runs.
    for (const response of [
      await page('/classes/abc'),
      await page('/classes/abc', 'better-auth.session_token='),
      await page('/catalogue', 'better-auth.session_token=t.s'),
      await page('/', 'better-auth.session_token=t.s'),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Physics Lab');
      expect(response.body).not.toContain('modulepreload');
      expect(response.body).not.toContain('get-session');
    }
    // The list itself is not served.
    expect((await get('/route-preloads.json')).statusCode).toBe(404);
  });

  it('compresses API JSON over 1 KiB', async () => {
    const response = await get('/api/test/large', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    const rows = JSON.parse(brotliDecompressSync(response.rawPayload).toString()) as {
      rows: number[];
    };
    expect(rows.rows).toHaveLength(600);
    const gzip = await get('/api/test/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('serves the web app manifest with the configured name and installable icons', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json<{
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ sizes: string; type: string; purpose?: string }>;
    }>();
    expect(manifest).toMatchObject({ name: 'Physics Lab', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});
