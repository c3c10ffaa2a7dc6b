// The HTTP endpoints of the foundation, on the project's database (PGlite or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`migrations (${testDatabaseKind})`, () => {
  it('creates every table DESIGN names', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of [
      'classes',
      'pending_classes',
      'class_memberships',
      'channels',
      'channel_users',
      'messages',
      'channel_notifications',
      'activities',
      'products',
      'analytics_events',
      'users',
      'sessions',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('bumps one version sequence shared by the live tables', async () => {
    const next = sql`select nextval('live_version') as v`;
    const [first] = await queryRows<{ v: string }>(database.db, next);
    const [second] = await queryRows<{ v: string }>(database.db, next);
    expect(Number(second?.v)).toBeGreaterThan(Number(first?.v));
  });
});

describe(`HTTP endpoints (${testDatabaseKind})`, () => {
  it('GET /livez answers 200 while starting; /readyz and /healthz 503 with a reason, then 200', async () => {
    const starting = await makeApp(database, {}, { startReady: false });
    const live = await starting.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    for (const url of ['/readyz', '/healthz']) {
      const before = await starting.app.inject({ method: 'GET', url });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({
        status: 'starting',
        reason: 'The database is being opened and migrated.',
      });
    }
    await starting.ready();
    for (const url of ['/livez', '/readyz', '/healthz']) {
      const after = await starting.app.inject({ method: 'GET', url });
      expect(after.statusCode).toBe(200);
    }
    const ready = await starting.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ok', database: testDatabaseKind });
    expect(ready.headers['cache-control']).toBe('no-store');
    await starting.app.close();
  });

  it('GET /readyz answers 503 when the database stops answering; /livez stays 200', async () => {
    const ownDatabase = await createTestDatabase();
    const { app } = await makeApp(ownDatabase);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await ownDatabase.close();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'database unavailable' });
    expect(down.json<{ reason: string }>().reason).toMatch(/did not answer/);
    expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    await app.close();
  });

  it('GET /api/time gives the server clock in epoch ms', async () => {
    const { app } = await makeApp(database);
    const before = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/time' });
    const { now } = response.json<{ now: number }>();
    expect(response.statusCode).toBe(200);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    await app.close();
  });

  it.each(['GET', 'HEAD'] as const)('%s /favicon.svg is an uncached SVG', async (method) => {
    const { app } = await makeApp(database);
    const response = await app.inject({ method, url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('image/svg+xml');
    await app.close();
  });

  it('serves index.html with the title and description filled from APP_NAME, escaped', async () => {
    const { app } = await makeApp(database, { APP_NAME: 'Physics <Lab>' });
    for (const url of ['/', '/classes/abc?tab=people', '/index.html']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Physics &lt;Lab&gt;</title>');
      expect(response.body).toContain('content="Physics &lt;Lab&gt; — classes, activities');
      expect(response.body).not.toContain('{name}');
    }
    await app.close();
  });

  it('gives API paths a JSON 404, never the SPA', async () => {
    const { app } = await makeApp(database);
    const response = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
    await app.close();
  });

  it('sends the security headers', async () => {
    const { app } = await makeApp(database, { PUBLIC_URL: 'https://seminar.example.edu' });
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('wss://seminar.example.edu');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    await app.close();
  });
});
