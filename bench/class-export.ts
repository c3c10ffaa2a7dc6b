// Docs: docs/classes.md#export — `npm run bench -- class-export`: the class's record of a class with
// 100,000 messages (with reactions) and 1 GB of files (100 files of 10 MiB, random bytes, in the
// database store) on PostgreSQL. Ours: the real exporter (classRecord/exporter.ts) writing the whole
// zip into a sink that counts bytes, in a process of its own whose resident memory is sampled every
// 10 ms; the figure is its peak above the process's idle RSS. Baseline, in the same run: a plain zip
// of the same files alone, read in the same slices (the least any export of those bytes costs).
// Goal: peak under 200 MB above idle, and at least half the baseline's throughput.
// BENCH_QUICK=1: 10,000 messages and 100 MB (10 files) — said in the result.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import {
  attachments,
  channels,
  classes,
  classMemberships,
  users,
} from '../apps/server/src/db/schema';
import { createBenchDatabase, findPostgres } from './lib/database';
import { benchDir, formatTable, quick, round, type BenchResult } from './lib/util';

const MESSAGES = quick ? 10_000 : 100_000;
const FILES = quick ? 10 : 100;
const FILE_BYTES = 10 * 1024 * 1024;
const GOAL_MB = 200;
const MB = 1024 * 1024;

interface ChildRun {
  mode: string;
  idle: number;
  peak: number;
  bytes: number;
  ms: number;
}

async function measure(mode: 'ours' | 'baseline', url: string, classId: string): Promise<ChildRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(benchDir, 'class-export-child.ts'), mode, url, classId],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildRun;
}

export async function classExport(log: (line: string) => void): Promise<BenchResult> {
  const postgres = await findPostgres();
  const bench = await createBenchDatabase(postgres);
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    await runMigrations(database);
    const db = database.db;
    const classId = 'class_bench_export';
    const channelId = 'channel_bench_export';
    const people = Array.from({ length: 30 }, (_, i) => `bench_user_${i}`);
    await db
      .insert(users)
      .values(
        people.map((id) => ({ id, name: id, email: `${id}@example.test`, emailVerified: true })),
      );
    await db.insert(classes).values({ class_id: classId, name: 'Export bench' });
    await db.insert(classMemberships).values(
      people.map((uid, i) => ({
        class_id: classId,
        uid,
        role: i === 0 ? 'instructor' : 'student',
      })),
    );
    await db.insert(channels).values({
      channel_id: channelId,
      class_id: classId,
      name: 'general',
      is_public: true,
      last_seq: MESSAGES,
    });
    let started = performance.now();
    await db.execute(sql`
      insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body, reactions)
      select 'msg_bench_' || g, ${classId}, ${channelId}, g, 'bench_user_' || (g % 30),
        'Student ' || (g % 30), repeat('A thought about the case, number ' || g || '. ', 6),
        case when g % 10 = 0 then jsonb_build_array(jsonb_build_object('emoji', '👍',
          'uids', jsonb_build_array('bench_user_1', 'bench_user_2'))) else '[]'::jsonb end
      from generate_series(1, ${MESSAGES}) g`);
    // As autovacuum would soon after such a load: the planner knows the table's size.
    await db.execute(sql`analyze messages`);
    // The files: random bytes (nothing compresses them), each on a message of its own.
    const block = randomBytes(MB);
    const data = Buffer.concat(Array.from({ length: FILE_BYTES / MB }, () => block));
    for (let i = 0; i < FILES; i += 1) {
      const id = `att_bench_${i}`;
      const messageId = `msg_bench_${i + 1}`;
      await db.insert(attachments).values({
        id,
        class_id: classId,
        channel_id: channelId,
        uploader_uid: 'bench_user_1',
        message_id: messageId,
        name: `slides-${i}.bin`,
        content_type: 'application/octet-stream',
        size: data.length,
        data,
      });
      await db.execute(sql`update messages set attachments = jsonb_build_array(jsonb_build_object(
        'id', ${id}::text, 'name', ${`slides-${i}.bin`}::text, 'type', 'application/octet-stream',
        'size', ${data.length}::int)) where id = ${messageId}`);
    }
    log(
      `class-export: ${MESSAGES} messages and ${(FILES * FILE_BYTES) / MB} MB of files made in ${round((performance.now() - started) / 1000)} s${quick ? ' (BENCH_QUICK: scaled down)' : ''}`,
    );

    started = performance.now();
    const baseline = await measure('baseline', bench.url, classId);
    const ours = await measure('ours', bench.url, classId);
    const mbps = (run: ChildRun) => round(run.bytes / MB / (run.ms / 1000));
    const above = (run: ChildRun) => round((run.peak - run.idle) / MB);
    console.log(
      formatTable(
        ['export', 'bytes (MB)', 'time (s)', 'MB/s', 'idle RSS (MB)', 'peak above idle (MB)'],
        [ours, baseline].map((run) => [
          run.mode === 'ours' ? "the class's record" : 'plain zip of the files',
          round(run.bytes / MB),
          round(run.ms / 1000),
          mbps(run),
          round(run.idle / MB),
          above(run),
        ]),
      ),
    );
    return {
      name: 'class-export',
      unit: 'MB/s',
      ours: mbps(ours),
      baseline: mbps(baseline),
      ratio: round(mbps(ours) / mbps(baseline)),
      goal: 0.5,
      goalText: `peak < ${GOAL_MB} MB above idle; ≥ 0.5 × baseline`,
      goalsMet: { [`peak RSS under ${GOAL_MB} MB above idle`]: above(ours) < GOAL_MB },
      quick,
      messages: MESSAGES,
      fileBytes: FILES * FILE_BYTES,
      oursPeakAboveIdleMB: above(ours),
      baselinePeakAboveIdleMB: above(baseline),
      oursBytes: ours.bytes,
      baselineBytes: baseline.bytes,
      oursSeconds: round(ours.ms / 1000),
      baselineSeconds: round(baseline.ms / 1000),
    };
  } finally {
    await database.close();
    await bench.drop();
    postgres.stop?.();
  }
}
