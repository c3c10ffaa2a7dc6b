// Docs: docs/channels.md#exactly-once — `npm run bench -- notify`: one `@channel` in a class of 300
// (issue 34's load check). Ours: the real notification worker on PostgreSQL — the mention expanded
// into 300 digests, each claimed under a lease, read, composed and mailed to a real SMTP listener,
// then closed — measured from the moment the digests are due until the last job is done. Baseline,
// in the same run: nodemailer alone sending 300 mails of the same size to the same listener with
// the same concurrency (the SMTP cost any design pays). Goal: all 300 within 30 s on one node.
//
// Web Push too (docs/channels.md#web-push): the 300 have a browser each on a push service stand-in
// (test-support/pushService.ts: real HTTPS, VAPID checked, payload decrypted), and the same
// `@channel` is pushed to all of them — measured from the message's insert until the last push job
// is closed, against `web-push` alone sending 300 pushes to the same stand-in at the same
// concurrency. Goal: all 300 within 30 s too.
import pino from 'pino';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { channels, classes, classMemberships, messages, users } from '../apps/server/src/db/schema';
import { createServices } from '../apps/server/src/services';
import webpush from 'web-push';
import { startPushService } from '../test-support/pushService';
import { pushSubscriptions } from '../apps/server/src/db/schema';
import { createBenchDatabase, findPostgres } from './lib/database';
import { mapLimit, round, sleep, type BenchResult } from './lib/util';

const PEOPLE = 300;
const CONCURRENCY = 8;
const GOAL_MS = 30_000;

async function startSmtp() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function notify(log: (line: string) => void): Promise<BenchResult> {
  const postgres = await findPostgres();
  const bench = await createBenchDatabase(postgres);
  const smtp = await startSmtp();
  const pushService = await startPushService();
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    await runMigrations(database);
    const db = database.db;
    const stamp = Date.now().toString(36);
    const ids = Array.from({ length: PEOPLE + 1 }, (_, index) => `bench_${stamp}_${index}`);
    await db.insert(users).values(
      ids.map((id, index) => ({
        id,
        name: index === 0 ? 'Marie Curie' : `Student ${index}`,
        email: `${id}@example.test`,
        emailVerified: true,
      })),
    );
    await db.insert(classes).values({ class_id: `class_${stamp}`, name: 'Lecture' });
    await db.insert(classMemberships).values(
      ids.map((uid, index) => ({
        class_id: `class_${stamp}`,
        uid,
        role: index === 0 ? ('instructor' as const) : ('student' as const),
      })),
    );
    await db.insert(channels).values({
      channel_id: `channel_${stamp}`,
      class_id: `class_${stamp}`,
      name: 'general',
      is_public: true,
      last_seq: 1,
    });

    const browsers = ids.slice(1).map(() => pushService.subscribe());
    await db.insert(pushSubscriptions).values(
      browsers.map((browser, index) => ({
        id: `psub_${stamp}_${index}`,
        uid: ids[index + 1]!,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      })),
    );

    // Push baseline: web-push alone, 300 pushes of the same size at the same concurrency.
    const vapid = webpush.generateVAPIDKeys();
    const pushBody = JSON.stringify({ v: 1, excerpt: '@channel: tomorrow moves to room 4' });
    let pushStarted = performance.now();
    await mapLimit(
      browsers,
      CONCURRENCY,
      async (browser) =>
        void (await webpush.sendNotification(browser, pushBody, {
          vapidDetails: { subject: 'mailto:bench@example.test', ...vapid },
          agent: pushService.agent,
        })),
    );
    const pushBaselineMs = performance.now() - pushStarted;
    const pushesBefore = pushService.received.length;
    log(`notify: push baseline ${PEOPLE} pushes in ${round(pushBaselineMs)} ms`);

    // Baseline: the bare SMTP cost of 300 mails at the same concurrency.
    const transport = nodemailer.createTransport(smtp.url);
    const body = 'Hello,\n\nMarie Curie: @channel: tomorrow moves to room 4\n'.repeat(3);
    let started = performance.now();
    await mapLimit(
      ids.slice(1),
      CONCURRENCY,
      async (id) =>
        void (await transport.sendMail({
          from: 'bench@example.test',
          to: `${id}@example.test`,
          subject: 'You were mentioned in Lecture',
          text: body,
        })),
    );
    const baselineMs = performance.now() - started;
    log(`notify: baseline ${PEOPLE} mails in ${round(baselineMs)} ms`);

    const config = loadConfig({
      DATABASE_URL: bench.url,
      SMTP_URL: smtp.url,
      NODE_ENV: 'test',
      NOTIFY_JOB_CONCURRENCY: String(CONCURRENCY),
    });
    const services = await createServices({
      config,
      database,
      log: pino({ level: 'warn' }),
      pushAgent: pushService.agent,
    });
    const before = smtp.accepted();
    try {
      started = performance.now();
      pushStarted = started;
      await db.insert(messages).values({
        id: `msg_${stamp}`,
        class_id: `class_${stamp}`,
        channel_id: `channel_${stamp}`,
        seq: 1,
        author_uid: ids[0]!,
        author_name: 'Marie Curie',
        body: '@channel: tomorrow moves to room 4',
        mentions_channel: true,
      });
      const jobs = async () =>
        Number(
          (
            (await db.execute(sql`select count(*) as n from notification_jobs`)) as unknown as {
              rows: Array<{ n: string }>;
            }
          ).rows[0]!.n,
        );
      while ((await jobs()) < PEOPLE) await sleep(20);
      const expandMs = performance.now() - started;
      const pushJobs = async () =>
        Number(
          (
            (await db.execute(
              sql`select (select count(*) from push_jobs) + (select count(*) from push_events) as n`,
            )) as unknown as { rows: Array<{ n: string }> }
          ).rows[0]!.n,
        );
      while ((await pushJobs()) > 0) await sleep(20);
      const pushMs = performance.now() - pushStarted;
      const pushed = pushService.received
        .slice(pushesBefore)
        .filter((entry) => entry.status === 201 && entry.vapidError === null).length;
      log(`notify: ${pushed} pushes in ${round(pushMs)} ms`);
      // The delay passes (10 minutes, skipped): every digest is due now.
      await db.execute(
        sql`update notification_items set created_at = now() - interval '11 minutes'`,
      );
      started = performance.now();
      await db.execute(sql`update notification_jobs set due_at = now()`);
      services.notifications.wake();
      while ((await jobs()) > 0) await sleep(20);
      const oursMs = performance.now() - started;
      const sent = smtp.accepted() - before;
      log(
        `notify: expanded into ${PEOPLE} jobs in ${round(expandMs)} ms; ${sent} digests in ${round(oursMs)} ms`,
      );
      const ours = round((PEOPLE / oursMs) * 1000);
      const baseline = round((PEOPLE / baselineMs) * 1000);
      return {
        name: 'notify',
        unit: 'digests/s',
        ours,
        baseline,
        ratio: round(ours / baseline),
        goal: 0.5,
        goalText: `${PEOPLE} done ≤ ${GOAL_MS / 1000} s`,
        goalsMet: {
          [`${PEOPLE} done within ${GOAL_MS / 1000} s`]:
            oursMs + expandMs <= GOAL_MS && sent === PEOPLE,
          [`${PEOPLE} pushes within ${GOAL_MS / 1000} s`]: pushMs <= GOAL_MS && pushed === PEOPLE,
        },
        people: PEOPLE,
        concurrency: CONCURRENCY,
        expandMs: round(expandMs),
        digestsMs: round(oursMs),
        baselineMs: round(baselineMs),
        mailsAccepted: sent,
        pushMs: round(pushMs),
        pushBaselineMs: round(pushBaselineMs),
        pushRatio: round(pushBaselineMs / pushMs),
        pushesAccepted: pushed,
      };
    } finally {
      await services.notifications.stop();
      await services.push.stop();
      await services.agents.stop();
      services.phaseTimer.stop();
      await services.hub.stop();
    }
  } finally {
    await database.close();
    await smtp.close();
    await pushService.close();
    await bench.drop();
    postgres.stop?.();
  }
}
