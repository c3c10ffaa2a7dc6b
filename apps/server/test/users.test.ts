// Site admins disable users: every session ends at once and sign-in answers user-disabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { signUpUser } from './fixtures';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`disabling a user (${testDatabaseKind})`, () => {
  it('ends every session of the user and refuses their sign-in, only for site admins', async () => {
    const adminEmail = uniqueEmail('admin');
    const { app, config } = await makeApp(database, { ADMIN_EMAILS: adminEmail });
    // A site admin has verified the address (docs/accounts.md#verification).
    const admin = authClient(app, config.publicUrl);
    admin.cookie = (await signUpUser(app, config.publicUrl, 'Admin, Ann', adminEmail)).cookie;
    const userEmail = uniqueEmail('user');
    const laptop = authClient(app, config.publicUrl);
    const signUp = await laptop.signUp('User, Uma', userEmail, GOOD_PASSWORD);
    const uid = (signUp.body as { user: { id: string } }).user.id;
    const phone = authClient(app, config.publicUrl);
    await phone.signIn(userEmail, GOOD_PASSWORD);

    const path = `/api/admin/users/${uid}/disabled`;
    // Anonymous, then a plain user, then the user on themselves: refused, nothing changes.
    expect(
      (await authClient(app, config.publicUrl).call('PUT', path, { disabled: true })).status,
    ).toBe(401);
    expect((await phone.call('PUT', path, { disabled: true })).status).toBe(403);
    expect((await laptop.session()).body).not.toBeNull();
    // Bad input: a clear 400 and nothing changes.
    expect((await admin.call('PUT', path, { disabled: 'yes' })).status).toBe(400);
    expect(
      (await admin.call('PUT', '/api/admin/users/nope/disabled', { disabled: true })).status,
    ).toBe(404);

    expect((await admin.call('PUT', path, { disabled: true })).status).toBe(200);
    expect((await laptop.session()).body).toBeNull();
    expect((await phone.session()).body).toBeNull();

    const correct = await authClient(app, config.publicUrl).signIn(userEmail, GOOD_PASSWORD);
    expect(correct.status).toBe(403);
    expect(correct.body?.code).toBe('USER_DISABLED');
    expect(correct.cookie).toBeUndefined();
    // A wrong password still reveals nothing.
    expect(
      (await authClient(app, config.publicUrl).signIn(userEmail, 'wrong password here')).status,
    ).toBe(401);

    expect((await admin.call('PUT', path, { disabled: false })).status).toBe(200);
    expect((await authClient(app, config.publicUrl).signIn(userEmail, GOOD_PASSWORD)).status).toBe(
      200,
    );
    await app.close();
  });
});

describe(`development outbox (${testDatabaseKind})`, () => {
  it('keeps mail at /dev/outbox.json and /dev/outbox without SMTP_URL', async () => {
    const { app, config } = await makeApp(database);
    const email = uniqueEmail('outbox');
    await authClient(app, config.publicUrl).signUp('Outbox, Otto', email, GOOD_PASSWORD);
    await authClient(app, config.publicUrl).requestReset(email);
    const json = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const mails = json.json<Array<{ to: string; subject: string; text: string; sentAt: string }>>();
    const mail = mails.find((entry) => entry.to === email && entry.subject.includes('reset'));
    expect(mail?.subject).toMatch(/^\d{6} is your Seminar reset code$/);
    const verification = mails.find((entry) => entry.to === email && entry !== mail);
    expect(verification?.subject).toMatch(/^\d{6} is your Seminar verification code$/);
    expect(mail?.text).toContain('Your code:');
    expect(Number.isNaN(Date.parse(mail?.sentAt ?? ''))).toBe(false);
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    // The sign-in pages ask whether there is an outbox (HEAD): an answer without the mails.
    const head = await app.inject({ method: 'HEAD', url: '/dev/outbox.json' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    await app.close();
  });

  it('is 404 to anyone but this machine: another address, or a request a proxy forwarded', async () => {
    const { app, config } = await makeApp(database);
    await authClient(app, config.publicUrl).requestReset(uniqueEmail('remote'));
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const remote = await app.inject({ method: 'GET', url, remoteAddress: '10.0.0.5' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('reset code');
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const forwarded = await app.inject({
          method: 'GET',
          url,
          headers: { [header]: header === 'forwarded' ? 'for=203.0.113.7' : '203.0.113.7' },
        });
        expect(forwarded.statusCode).toBe(404);
      }
      const ipv6Local = await app.inject({ method: 'GET', url, remoteAddress: '::1' });
      expect(ipv6Local.statusCode).toBe(200);
    }
    await app.close();
  });

  it('is 404 in production', async () => {
    const { app } = await makeApp(database, { NODE_ENV: 'production' });
    expect((await app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/dev/outbox.json' })).statusCode).toBe(404);
    await app.close();
  });
});
