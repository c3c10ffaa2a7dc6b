// TRUST_PROXY as a hop count or a list of proxies: a client's own X-Forwarded-For entries never
// pass the per-address limits (issue 29.2); on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The proxy in front of the server in these tests. */
const PROXY = '198.19.7.1';

/** An app with `env`, and an account on it (signed up from an address of its own). */
async function appWithAccount(env: Record<string, string>, label: string) {
  const made = await makeApp(database, env);
  const email = uniqueEmail(label);
  const signUp = await authClient(made.app, made.config.publicUrl, '198.19.9.9').signUp(
    'Proxy, Pat',
    email,
    GOOD_PASSWORD,
  );
  expect(signUp.status).toBe(200);
  return { ...made, email };
}

describe(`TRUST_PROXY (${testDatabaseKind})`, () => {
  it("with one trusted hop, spoofed entries before the proxy's own still start the sign-in delay", async () => {
    const { app, config, email } = await appWithAccount(
      { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '100' },
      'hop-delay',
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // The client writes a new address of its own each time; the proxy appends the real one.
      const response = await authClient(app, config.publicUrl, PROXY).signIn(email, 'wrong guess', {
        'x-forwarded-for': `10.2.${attempt}.7, 127.0.0.1`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
    await app.close();
  });

  it('with one trusted hop, spoofed entries still hit the per-address limit', async () => {
    const { app, config, email } = await appWithAccount(
      { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' },
      'hop-limit',
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await authClient(app, config.publicUrl, PROXY).signIn(email, GOOD_PASSWORD, {
        'x-forwarded-for': `10.3.${attempt}.7, 127.0.0.11`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await app.close();
  });

  it('with a listed proxy, honours its entry only, and only when the request comes from it', async () => {
    const { app, config, email } = await appWithAccount(
      { TRUST_PROXY: `${PROXY}, 10.250.0.0/16`, AUTH_RATE_LIMIT_PER_IP: '3' },
      'listed',
    );
    const signIn = (from: string, forwardedFor: string) =>
      authClient(app, config.publicUrl, from).signIn(email, GOOD_PASSWORD, {
        'x-forwarded-for': forwardedFor,
      });
    // Real clients behind the listed proxy: each its own address, none limited.
    const honest: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      honest.push((await signIn(PROXY, `10.4.${attempt}.7`)).status);
    expect(honest).toEqual([200, 200, 200, 200, 200]);
    // A client that prepends addresses of its own: the first untrusted entry (the proxy's) counts.
    const spoofed: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      spoofed.push((await signIn(PROXY, `10.5.${attempt}.7, 127.0.0.12`)).status);
    expect(spoofed).toEqual([200, 200, 200, 429, 429]);
    // Straight from an address that is not a listed proxy: its header counts for nothing.
    const direct: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      direct.push((await signIn('198.19.7.99', `10.6.${attempt}.7`)).status);
    expect(direct).toEqual([200, 200, 200, 429, 429]);
    await app.close();
  });
});
