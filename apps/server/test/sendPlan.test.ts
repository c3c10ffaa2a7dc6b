// The send statement's cached plan (docs/realtime.md#group-commit). The send path runs one prepared
// statement, so PostgreSQL soon keeps a single generic plan per connection and reuses it until the
// tables' statistics change. That plan must look rows up by key: a plan that reads all of
// `messages` (or `sessions`) per send costs nothing while the table is small and then grows with it
// until autovacuum's next ANALYZE — on a fresh install that was the write benchmark's 0.36
// (bench/README.md, "Found and fixed"). On PGlite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client';
import { SEND_STATEMENT } from '../src/messages/sendStatement';
import { createTestDatabase } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser } from './fixtures';

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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every (node type, relation) in a plan tree. */
function scans(node: PlanNode): Array<{ type: string; relation: string | undefined }> {
  return [
    { type: node['Node Type'], relation: node['Relation Name'] },
    ...(node.Plans ?? []).flatMap(scans),
  ];
}

/** The generic plan PostgreSQL caches for the send statement, as EXPLAIN's JSON. */
async function genericSendPlan(): Promise<PlanNode> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare send_plan_check(jsonb, text, int) as ${SEND_STATEMENT}`));
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql.raw(`explain (format json) execute send_plan_check('[]', 'node', 1)`),
    );
    await tx.execute(sql.raw('deallocate send_plan_check'));
    const explained = row?.['QUERY PLAN'];
    const plans = (typeof explained === 'string' ? JSON.parse(explained) : explained) as Array<{
      Plan: PlanNode;
    }>;
    const plan = plans[0]?.Plan;
    if (!plan) throw new Error(`EXPLAIN returned no plan: ${JSON.stringify(explained)}`);
    return plan;
  });
}

it('looks messages, sessions and attachments up by key in the cached plan of a channel in use', async () => {
  // A channel in use and a few hundred sessions, analyzed: statistics under which a join on the
  // batch (estimated at 100 rows) reads the whole table once rather than probing it per send.
  const author = await signUpUser(made.app, made.config.publicUrl, 'Plan, Paula');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user: author, role: 'student' }],
  });
  const channelId = channelIds[0] as string;
  await database.db.execute(sql`
    insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
    select 'plan_' || g, ${classId}, ${channelId}, g, ${author.uid}, 'Plan, Paula',
      'A message of about the length people type in class, number ' || g
    from generate_series(1, 1500) g`);
  await database.db.execute(
    sql`update channels set last_seq = 1500 where channel_id = ${channelId}`,
  );
  await database.db.execute(sql`
    insert into sessions (id, expires_at, token, user_id)
    select 'plan_session_' || g, now() + interval '1 day', 'plan_token_' || g, ${author.uid}
    from generate_series(1, 1500) g`);
  await database.db.execute(sql`
    insert into attachments (id, class_id, channel_id, uploader_uid, message_id, name, content_type, size, data)
    select 'plan_file_' || g, ${classId}, ${channelId}, ${author.uid}, 'plan_' || g, 'notes.txt',
      'application/octet-stream', 4, decode('00010203', 'hex')
    from generate_series(1, 1500) g`);
  await database.db.execute(sql`analyze attachments`);
  await database.db.execute(sql`analyze messages`);
  await database.db.execute(sql`analyze sessions`);

  const found = scans(await genericSendPlan());
  const fullReads = found.filter(
    (scan) =>
      scan.type === 'Seq Scan' &&
      ['messages', 'sessions', 'attachments'].includes(scan.relation ?? ''),
  );
  expect(fullReads).toEqual([]);
  // The probes are there: the message id and the session id by their primary keys.
  expect(found).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ relation: 'messages', type: expect.stringMatching(/Index/) }),
      expect.objectContaining({ relation: 'sessions', type: expect.stringMatching(/Index/) }),
    ]),
  );
});
