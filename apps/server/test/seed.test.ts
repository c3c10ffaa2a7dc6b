// A fresh installation: catalogue and demo class, and the demo accounts can sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { activities, channels, classes, messages, products } from '../src/db/schema';
import { DEMO_CLASS_ID, DEMO_PASSWORD, DEMO_PEOPLE, seedDemo, seedOnStart } from '../src/seed/seed';
import { authClient } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database);
});
afterAll(async () => {
  await made.app.close();
  await database.close();
});

describe(`seed on a fresh database (${testDatabaseKind})`, () => {
  it('creates the catalogue and a demo class with people, channels, conversation and two activities', async () => {
    await seedOnStart(made.runtime.services!, made.app.log);
    // Issue 33: each fresh start mailed verification codes to the made-up demo addresses.
    expect(made.runtime.services!.mailer.outbox).toEqual([]);
    expect((await database.db.select().from(products)).length).toBeGreaterThanOrEqual(12);
    const [demo] = await database.db
      .select()
      .from(classes)
      .where(eq(classes.class_id, DEMO_CLASS_ID));
    expect(demo).toMatchObject({ is_demo: true, enabled: true, deleted: false });
    expect(
      (await database.db.select().from(channels).where(eq(channels.class_id, DEMO_CLASS_ID)))
        .length,
    ).toBeGreaterThanOrEqual(2);
    const conversation = await database.db
      .select()
      .from(messages)
      .where(eq(messages.class_id, DEMO_CLASS_ID));
    expect(conversation.length).toBeGreaterThanOrEqual(8);
    const days = new Set(conversation.map((message) => message.created_at.toDateString()));
    expect(days.size).toBeGreaterThanOrEqual(3);
    const cases = await database.db
      .select()
      .from(activities)
      .where(eq(activities.class_id, DEMO_CLASS_ID));
    expect(cases).toHaveLength(2);
    expect(
      cases.some(
        (activity) => activity.product_id === 'product_data_analyst_bot' && activity.channel_id,
      ),
    ).toBe(true);
    // The case channel holds the data set and a question DataAnalystBot answers at once.
    const caseChannel = cases.find((activity) => activity.product_id)!.channel_id!;
    await expect
      .poll(
        async () =>
          (
            await database.db.select().from(messages).where(eq(messages.channel_id, caseChannel))
          ).find((message) => message.ai?.agent === 'DataAnalystBot')?.body,
        { timeout: 15_000 },
      )
      .toMatch(/Mean of `units` by `tier`[\s\S]*premium\s+5\s+260\.4/);

    for (const person of [DEMO_PEOPLE.instructor, ...DEMO_PEOPLE.students]) {
      const signIn = await authClient(made.app, made.config.publicUrl).signIn(
        person.email,
        DEMO_PASSWORD,
      );
      expect(signIn.status).toBe(200);
      // Made-up addresses nobody can read mail at: the demo people start verified.
      expect((signIn.body as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    }
    // A second start seeds nothing more.
    expect(await seedDemo(made.runtime.services!)).toBe(false);
  });
});
