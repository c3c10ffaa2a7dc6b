// The AI product catalogue: live list per SPEC (enabled, not deleted, by seq), site-admin writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyLiveEvent,
  emptyLiveState,
  type LiveEvent,
  type PublicProduct,
} from '@seminar/shared';
import type { Database } from '../src/db/client';
import type { Services } from '../src/services';
import { seedCatalogue } from '../src/seed/seed';
import { callerFor, collect } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { signUpUser, type TestUser } from './fixtures';
import { uniqueEmail } from './authClient';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let admin: TestUser;
let user: TestUser;
const adminEmail = uniqueEmail('siteadmin');

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database, { ADMIN_EMAILS: adminEmail });
  services = made.runtime.services!;
  admin = await signUpUser(made.app, made.config.publicUrl, 'Admin, Site', adminEmail);
  user = await signUpUser(made.app, made.config.publicUrl, 'User, Plain');
  await seedCatalogue(database.db);
});
afterAll(async () => {
  await made.app.close();
  await database.close();
});

const products = (events: LiveEvent<PublicProduct>[]) => [
  ...events
    .reduce(
      (state, event) => applyLiveEvent(state, event, (row) => row.product_id),
      emptyLiveState<PublicProduct>(),
    )
    .rows.values(),
];

describe(`catalogue (${testDatabaseKind})`, () => {
  it('seeds at least 12 products across disciplines, DataAnalystBot among them, listed by seq', async () => {
    const live = await collect(services, user, (caller) => caller.products.live());
    await live.until((events) => events.some((event) => event.type === 'snapshot'));
    const snapshot = live.events[0];
    expect(snapshot?.type).toBe('snapshot');
    const rows = snapshot?.type === 'snapshot' ? snapshot.rows : [];
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.map((row) => row.seq)).toEqual(
      [...rows.map((row) => row.seq)].sort((a, b) => a - b),
    );
    expect(rows.some((row) => row.name === 'DataAnalystBot')).toBe(true);
    expect(new Set(rows.flatMap((row) => row.disciplines)).size).toBeGreaterThanOrEqual(8);
    expect(
      rows.every((row) => row.product_access_type === 'public' && Array.isArray(row.product_files)),
    ).toBe(true);
    await live.stop();
    expect(await seedCatalogue(database.db)).toBe(0);
  });

  it('lets site admins create, disable and delete products, live; others are refused and change nothing', async () => {
    const asUser = await collect(services, user, (caller) => caller.products.live());
    const asAdmin = await collect(services, admin, (caller) => caller.products.live());
    await asUser.until((events) => events.length > 0);
    const input = {
      product_id: 'product_test_tutor',
      title: 'Test Tutor',
      name: 'TestTutor',
      seq: 5,
      price_per_user: 1.25,
    };
    await expect(callerFor(services, user).products.save(input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const saved = await callerFor(services, admin).products.save(input);
    expect(saved).toMatchObject({
      product_files: [],
      learning_objective: '',
      product_access_type: 'public',
      enabled: true,
    });
    await asUser.until((events) =>
      products(events).some((row) => row.product_id === input.product_id),
    );

    await callerFor(services, admin).products.setEnabled({
      product_id: input.product_id,
      enabled: false,
    });
    await asUser.until(
      (events) => !products(events).some((row) => row.product_id === input.product_id),
    );
    await asAdmin.until(
      (events) =>
        products(events).find((row) => row.product_id === input.product_id)?.enabled === false,
    );

    await expect(
      callerFor(services, user).products.delete({ product_id: input.product_id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await callerFor(services, admin).products.delete({ product_id: input.product_id });
    await asAdmin.until(
      (events) => !products(events).some((row) => row.product_id === input.product_id),
    );
    await expect(
      callerFor(services, admin).products.save({ ...input, price_per_user: -3 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await Promise.all([asUser.stop(), asAdmin.stop()]);
  });
});
