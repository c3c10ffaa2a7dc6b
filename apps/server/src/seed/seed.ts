// Docs: docs/catalogue.md#seed and README.md#quick-start — what a fresh installation starts with: the product
// catalogue always, and (outside production, or with SEED_DEMO=1) a demo class with people and a
// few days of conversation. Seeding writes rows directly, like a migration: nobody is subscribed yet.
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { makeRecordId, productInputSchema } from '@seminar/shared';
import type { Db } from '../db/client';
import {
  activities,
  channels,
  channelUsers,
  classes,
  classMemberships,
  messages,
  products,
  users,
} from '../db/schema';
import type { Services } from '../services';
import { catalogueSeed } from './catalogue';

/** The demo accounts (printed in the start-up log; the password passes the policy). */
export const DEMO_PASSWORD = 'seminar-demo-2026';
export const DEMO_PEOPLE = {
  instructor: { name: 'Curie, Marie', email: 'marie.curie@demo.seminar.test' },
  students: [
    { name: 'Lovelace, Ada', email: 'ada.lovelace@demo.seminar.test' },
    { name: 'Turing, Alan', email: 'alan.turing@demo.seminar.test' },
    { name: 'Hopper, Grace', email: 'grace.hopper@demo.seminar.test' },
  ],
} as const;
export const DEMO_CLASS_ID = 'class_demo_seminar';

/** Inserts the catalogue when the products table is empty. */
export async function seedCatalogue(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = catalogueSeed.map((seed) => productInputSchema.parse(seed));
  await db.insert(products).values(rows).onConflictDoNothing();
  return rows.length;
}

const DAY = 86_400_000;

/** The demo conversation: [author index (0 = instructor), body, days ago, minutes into that day]. */
const CONVERSATION: Array<[number, string, number, number]> = [
  [
    0,
    'Welcome to **Business Analytics**! Introduce yourself here: name, programme, and one thing you hope to learn.',
    3,
    540,
  ],
  [
    1,
    'Hi all, I’m Ada — maths and engineering. Hoping to get better at *explaining* models to non-specialists.',
    3,
    565,
  ],
  [
    2,
    'Alan here, computer science. I want to know when a simple model beats a clever one.',
    3,
    600,
  ],
  [3, 'Grace, information systems. Mostly here for the data cleaning war stories.', 3, 640],
  [
    0,
    'Great mix. Before Thursday, read the pricing case and open it with `DataAnalystBot` in the case channel.',
    2,
    555,
  ],
  [1, 'Does the bot see the whole sales table or only the summary tab?', 2, 700],
  [0, 'The whole table. Ask it to state its assumptions before you trust a number.', 2, 715],
  [
    3,
    'It told me the Q3 dip is mostly one region. Checking that against the raw rows now.',
    1,
    620,
  ],
  [2, 'Same finding here. Elasticity looks close to −1.4 for the premium tier.', 1, 660],
  [0, 'Good work. Bring one chart and one doubt to class tomorrow.', 0, 480],
];

/**
 * Creates the demo instructor, three students and a demo class with channels, conversation and two
 * activities (one a case with DataAnalystBot). Runs only on a database without users.
 */
export async function seedDemo(services: Services): Promise<boolean> {
  const db = services.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const people = [DEMO_PEOPLE.instructor, ...DEMO_PEOPLE.students];
  const uids: string[] = [];
  // The demo people's addresses are made up (demo.seminar.test): they start verified, or their team
  // channel and the class would wait for codes nobody can read (docs/accounts.md#verification). So
  // the accounts are made as sign-up makes them (the user, then the password's credential) but
  // verified, without sign-up's verification mail: no code is mailed to them at each fresh start.
  const auth = await services.auth.$context;
  const hash = await auth.password.hash(DEMO_PASSWORD);
  for (const person of people) {
    const user = await auth.internalAdapter.createUser(
      { email: person.email, name: person.name, emailVerified: true },
      { method: 'email-password' },
    );
    await auth.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
    uids.push(user.id);
  }
  const [instructorUid, ...studentUids] = uids as [string, ...string[]];
  const now = Date.now();
  const audit = {
    created_by: instructorUid,
    updated_by: instructorUid,
    updated_by_name: DEMO_PEOPLE.instructor.name,
  };
  await db.transaction(async (tx) => {
    await tx.insert(classes).values({
      class_id: DEMO_CLASS_ID,
      name: 'Business Analytics (demo)',
      is_demo: true,
      course_code: 'BA 301',
      course_term: 'Fall 2026',
      course_name: 'Business Analytics',
      course_description: 'Data-driven decisions through cases, with an AI co-analyst.',
      course_disciplines: ['Business', 'Statistics'],
      course_categories: ['Case method'],
      start_date: new Date(now - 30 * DAY).toISOString().slice(0, 10),
      end_date: new Date(now + 60 * DAY).toISOString().slice(0, 10),
      ...audit,
    });
    await tx
      .insert(classMemberships)
      .values([
        { class_id: DEMO_CLASS_ID, uid: instructorUid, role: 'instructor', ...audit },
        ...studentUids.map((uid) => ({ class_id: DEMO_CLASS_ID, uid, role: 'student', ...audit })),
      ]);
    const general = 'channel_demo_general';
    const caseChannel = 'channel_demo_pricing_case';
    const team = 'channel_demo_team_ada_alan';
    await tx.insert(channels).values([
      {
        channel_id: general,
        class_id: DEMO_CLASS_ID,
        name: 'general',
        is_public: true,
        last_seq: CONVERSATION.length,
        ...audit,
      },
      {
        channel_id: caseChannel,
        class_id: DEMO_CLASS_ID,
        name: 'pricing-case',
        is_public: false,
        ...audit,
      },
      {
        channel_id: team,
        class_id: DEMO_CLASS_ID,
        name: 'team-ada-alan',
        channel_group: [DEMO_PEOPLE.students[0].email, DEMO_PEOPLE.students[1].email],
        ...audit,
      },
    ]);
    await tx.insert(channelUsers).values(
      studentUids.map((uid) => ({
        class_id: DEMO_CLASS_ID,
        channel_id: caseChannel,
        uid,
        ...audit,
      })),
    );
    await tx.insert(messages).values(
      CONVERSATION.map(([author, body, daysAgo, minutes], index) => {
        const person = people[author]!;
        const day = new Date(now - daysAgo * DAY);
        day.setHours(0, 0, 0, 0);
        const createdAt = new Date(
          Math.min(now - (CONVERSATION.length - index) * 60_000, day.getTime() + minutes * 60_000),
        );
        const [last, first] = person.name.split(', ');
        return {
          id: makeRecordId('msg', uids[author]!, createdAt),
          class_id: DEMO_CLASS_ID,
          channel_id: general,
          seq: index + 1,
          author_uid: uids[author]!,
          author_name: `${first} ${last}`,
          body,
          created_at: createdAt,
        };
      }),
    );
    await tx.insert(activities).values([
      {
        activity_id: 'activity_demo_pricing_case',
        class_id: DEMO_CLASS_ID,
        title: 'Pricing the premium tier',
        description:
          'Use DataAnalystBot to explore three years of sales and recommend a price for the premium tier.',
        activity_qualified_name: 'ba301.cases.premium-pricing',
        product_id: 'product_data_analyst_bot',
        channel_id: caseChannel,
        start_date: new Date(now - 2 * DAY).toISOString().slice(0, 10),
        due_date: new Date(now + 5 * DAY).toISOString().slice(0, 10),
        ...audit,
      },
      {
        activity_id: 'activity_demo_reading',
        class_id: DEMO_CLASS_ID,
        title: 'Reading reflection: “Thinking with data”',
        description:
          'Post three sentences in #general on where intuition and data disagreed for you.',
        activity_qualified_name: 'ba301.readings.thinking-with-data',
        start_date: new Date(now - DAY).toISOString().slice(0, 10),
        due_date: new Date(now + 2 * DAY).toISOString().slice(0, 10),
        ...audit,
      },
    ]);
    // The case channel opens with the data set and a student's question to DataAnalystBot: the
    // insert enqueues the bot's job (docs/ai.md#the-job-mechanism), so the first start shows the
    // agent at work at once.
    const caseMessages: Array<[number, string]> = [
      [
        0,
        `The sales data for the case. Mention DataAnalystBot (with an @) to ask it about the numbers.\n${PRICING_DATA}`,
      ],
      [
        1,
        `@DataAnalystBot mean of units by tier? And the correlation of price and units.\n${PRICING_DATA}`,
      ],
    ];
    await tx.insert(messages).values(
      caseMessages.map(([author, body], index) => {
        const [last, first] = people[author]!.name.split(', ');
        const createdAt = new Date(now - (caseMessages.length - index) * 60_000);
        return {
          id: makeRecordId('msg', uids[author]!, createdAt),
          class_id: DEMO_CLASS_ID,
          channel_id: caseChannel,
          seq: index + 1,
          author_uid: uids[author]!,
          author_name: `${first} ${last}`,
          body,
          created_at: createdAt,
        };
      }),
    );
    await tx
      .update(channels)
      .set({ last_seq: caseMessages.length })
      .where(eq(channels.channel_id, caseChannel));
  });
  return true;
}

/** The pricing case's data set: three years of the basic and premium tiers, per quarter. */
const PRICING_DATA = [
  '```csv',
  'quarter,tier,price,units',
  '2024Q1,basic,9,1210',
  '2024Q1,premium,29,310',
  '2024Q3,basic,9,1290',
  '2024Q3,premium,32,285',
  '2025Q1,basic,10,1255',
  '2025Q1,premium,35,262',
  '2025Q3,basic,10,1340',
  '2025Q3,premium,39,231',
  '2026Q1,basic,11,1302',
  '2026Q1,premium,42,214',
  '```',
].join('\n');

/** Seeds what is missing and says in the log where to sign in. */
export async function seedOnStart(services: Services, log: FastifyBaseLogger): Promise<void> {
  const products = await seedCatalogue(services.database.db);
  if (products > 0) log.info({ products }, 'seeded the AI product catalogue');
  if (!services.config.seedDemo) return;
  if (await seedDemo(services)) log.info('seeded the demo class');
  const [demo] = await services.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PEOPLE.instructor.email));
  if (!demo) return;
  const lines = [
    `Demo sign-in at ${services.config.publicUrl}/sign-in — password for every demo account: ${DEMO_PASSWORD}`,
    `  instructor: ${DEMO_PEOPLE.instructor.email}`,
    ...DEMO_PEOPLE.students.map((student) => `  student:    ${student.email}`),
  ];
  log.info(lines.join('\n'));
  // Also plainly on stdout, so it reads well whatever the log format.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
