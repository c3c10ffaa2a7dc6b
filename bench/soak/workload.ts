// The soak's people: students in classes, each class with a general channel and a case channel whose
// activity uses DataAnalystBot. A class starts at its own moment: its students all connect at once
// (a join storm), subscribe to both channels and post at classroom rates — now and then a question
// to the agent with a table, or a file. Everything they are given is recorded per subscription.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { BOT_NAME, makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import { LiveConnectionError, LiveRequestError } from '@seminar/shared/live-client';
import type { Database } from '../../apps/server/src/db/client';
import {
  activities,
  channels,
  classes,
  classMemberships,
  messages,
  products,
  users,
} from '../../apps/server/src/db/schema';
import { connectLive, type LiveTestClient } from '../../test-support/liveClient';
import { mintSessions, signUpUsers, type BenchSession, type BenchUser } from '../lib/fixtures';

/** An address nothing listens on: where a cut client's reconnects go until the cut ends. */
const NOWHERE = 'http://127.0.0.1:9';
/** A send or upload not answered by then counts as an error shown (the app would say so). */
const ANSWER_WITHIN_MS = 30_000;
const CSV = ['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n');

/** One subscription of one student: what arrived, checked as it arrives. */
export interface Track {
  channelId: string;
  /** The highest seq of its first snapshot (0: empty); later rows are all expected. */
  baseline: number | null;
  /** Ids of its first snapshot, expected too. */
  snapshotIds: Set<string>;
  /** Every id given, with each version given (a version twice is a duplicate). */
  seen: Map<string, Set<number>>;
  maxSeq: number;
  duplicates: number;
  reorders: number;
}

export interface Student {
  session: BenchSession;
  classId: string;
  general: string;
  caseChannel: string;
  client: LiveTestClient | null;
  socket: WebSocket | null;
  cutUntil: number;
  tracks: Track[];
}

export interface Stats {
  acknowledged: string[];
  retried: number;
  agentQuestions: number;
  uploads: number;
  /** Errors a user would see, by kind. */
  errors: Map<string, number>;
  /** When each message was first sent (ms), for send → deliver. */
  sentAt: Map<string, number>;
  latencies: number[];
}

export interface Workload {
  students: Student[];
  stats: Stats;
  /** Starts the classes (join storms over `rampMs`) and posting; resolves when posting stopped. */
  run(until: number, rampMs: number, sendEveryMs: number): Promise<void>;
  /** Cuts `count` connected students off for `ms` (their sockets drop, reconnects fail). */
  cut(count: number, ms: number): number;
  close(): Promise<void>;
}

const shown = (stats: Stats, kind: string) =>
  stats.errors.set(kind, (stats.errors.get(kind) ?? 0) + 1);

/** Signs the students up and creates the classes; nobody is connected yet. */
export async function createWorkload(
  url: string,
  database: Database,
  studentCount: number,
  classCount: number,
): Promise<Workload> {
  // One sign-up over HTTP; the others are user rows with sessions made as sign-in makes them (its
  // scrypt is ~45 ms of CPU each, minutes for hundreds on a busy machine), checked against it.
  const [first] = await signUpUsers(url, 1);
  const db = database.db;
  const stamp = Date.now().toString(36);
  const others: BenchUser[] = Array.from({ length: studentCount - 1 }, (_, index) => ({
    uid: randomUUID(),
    email: `soak.${stamp}.${index + 2}@example.edu`,
    name: `Student, Number ${index + 2}`,
  }));
  for (let start = 0; start < others.length; start += 500)
    await db
      .insert(users)
      .values(
        others
          .slice(start, start + 500)
          .map((user) => ({ id: user.uid, name: user.name, email: user.email })),
      );
  const sessions = [
    first!,
    ...(await mintSessions(database, others, others.length, first!.cookie)),
  ];
  const productId = makeRecordId('product', 'soak');
  await db.insert(products).values({
    product_id: productId,
    title: 'Analyst',
    name: 'analyst',
    ai_agent_refs: [BOT_NAME],
  });
  const students: Student[] = [];
  for (let index = 0; index < classCount; index += 1) {
    const classId = `soak_class_${index + 1}`;
    const general = `soak_general_${index + 1}`;
    const caseChannel = `soak_case_${index + 1}`;
    const members = sessions.filter((_, n) => n % classCount === index);
    await db.insert(classes).values({ class_id: classId, name: `Soak class ${index + 1}` });
    await db.insert(channels).values([
      { channel_id: general, class_id: classId, name: 'general', is_public: true },
      { channel_id: caseChannel, class_id: classId, name: 'case', is_public: true },
    ]);
    await db.insert(activities).values({
      activity_id: `soak_activity_${index + 1}`,
      class_id: classId,
      title: 'Case',
      product_id: productId,
      channel_id: caseChannel,
    });
    if (members.length > 0)
      await db
        .insert(classMemberships)
        .values(
          members.map((session) => ({ class_id: classId, uid: session.user.uid, role: 'student' })),
        );
    for (const session of members)
      students.push({
        session,
        classId,
        general,
        caseChannel,
        client: null,
        socket: null,
        cutUntil: 0,
        tracks: [],
      });
  }

  const stats: Stats = {
    acknowledged: [],
    retried: 0,
    agentQuestions: 0,
    uploads: 0,
    errors: new Map(),
    sentAt: new Map(),
    latencies: [],
  };

  const connect = (student: Student) => {
    const client = connectLive(url, {
      cookie: student.session.cookie,
      origin: url,
      retryDelayMs: 250,
      target: () => (Date.now() < student.cutUntil ? NOWHERE : url),
      onSocket: (ws) => (student.socket = ws),
    });
    student.client = client;
    for (const channelId of [student.general, student.caseChannel]) {
      const track: Track = {
        channelId,
        baseline: null,
        snapshotIds: new Set(),
        seen: new Map(),
        maxSeq: 0,
        duplicates: 0,
        reorders: 0,
      };
      student.tracks.push(track);
      client.connection.subscribe(
        'messages.live',
        { class_id: student.classId, channel_id: channelId },
        {
          onEvent: (raw) => observe(track, raw as unknown as LiveEvent<Message>, stats),
          onError: (error) => shown(stats, `live: ${errorKind(error)}`),
        },
      );
    }
  };

  /** One student's posting: a message every `sendEveryMs` on average until `until`. */
  const post = async (student: Student, until: number, sendEveryMs: number) => {
    while (Date.now() < until) {
      // Exponential gaps (a Poisson process), never past the end.
      const gap = -Math.log(1 - Math.random()) * sendEveryMs;
      await new Promise((resolve) => setTimeout(resolve, Math.min(gap, until - Date.now())));
      if (Date.now() >= until) break;
      const roll = Math.random();
      if (roll < 0.04) {
        stats.agentQuestions += 1;
        await send(student, student.caseChannel, `@${BOT_NAME} what do you make of this?\n${CSV}`);
      } else if (roll < 0.08) {
        const attachment = await upload(url, student, stats);
        if (attachment) await send(student, student.general, 'the file from class', [attachment]);
      } else {
        await send(student, student.general, `said at ${new Date().toISOString()}`);
      }
    }
  };

  /** Sends one message as the app does: retried by id when the connection drops, bounded. */
  const send = async (student: Student, channelId: string, body: string, files?: string[]) => {
    const input = {
      id: makeRecordId('msg', student.session.user.uid),
      class_id: student.classId,
      channel_id: channelId,
      body,
      ...(files ? { attachment_ids: files } : {}),
    };
    stats.sentAt.set(input.id, Date.now());
    for (let attempt = 0; attempt < 40; attempt += 1) {
      try {
        const answered = await Promise.race([
          student.client!.connection.request('mutation', 'messages.send', input).then(() => true),
          new Promise<false>((resolve) => setTimeout(resolve, ANSWER_WITHIN_MS, false)),
        ]);
        if (answered) stats.acknowledged.push(input.id);
        else shown(stats, `send: no answer within ${ANSWER_WITHIN_MS / 1000} s`);
        return;
      } catch (error) {
        if (error instanceof LiveConnectionError) {
          stats.retried += 1;
        } else {
          shown(stats, `send: ${errorKind(error)}`);
          // The person tries again after a moment (a server-side failure may pass).
          if (
            !['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TOO_MANY_REQUESTS'].includes(
              codeOf(error),
            )
          )
            return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  return {
    students,
    stats,
    async run(until, rampMs, sendEveryMs) {
      const byClass = new Map<string, Student[]>();
      for (const student of students)
        byClass.set(student.classId, [...(byClass.get(student.classId) ?? []), student]);
      const classesDone = [...byClass.values()].map(async (members, index) => {
        // Class start: a join storm, then posting.
        await new Promise((resolve) => setTimeout(resolve, (index / byClass.size) * rampMs));
        members.forEach(connect);
        await Promise.all(members.map((student) => post(student, until, sendEveryMs)));
      });
      await Promise.all(classesDone);
    },
    cut(count, ms) {
      const connected = students.filter(
        (student) => student.socket && Date.now() >= student.cutUntil,
      );
      const chosen = connected.sort(() => Math.random() - 0.5).slice(0, count);
      for (const student of chosen) {
        student.cutUntil = Date.now() + ms;
        student.socket?.terminate();
      }
      return chosen.length;
    },
    async close() {
      await Promise.all(students.map((student) => student.client?.close().catch(() => undefined)));
    },
  };
}

function codeOf(error: unknown): string {
  return error instanceof LiveRequestError ? String(error.shape.data?.code ?? 'error') : 'error';
}

function errorKind(error: unknown): string {
  if (error instanceof LiveRequestError) return codeOf(error);
  if (error instanceof LiveConnectionError) return 'connection closed';
  return error instanceof Error ? error.name : 'error';
}

/** Records a live event of one subscription: duplicates, reorders and send → deliver times. */
function observe(track: Track, event: LiveEvent<Message>, stats: Stats): void {
  if (event.type !== 'snapshot' && event.type !== 'upsert') return;
  if (event.type === 'snapshot' && track.baseline === null) {
    track.baseline = Math.max(0, ...event.rows.map((row) => row.seq));
    for (const row of event.rows) track.snapshotIds.add(row.id);
  }
  const now = Date.now();
  for (const row of event.rows) {
    const versions = track.seen.get(row.id);
    if (versions?.has(row.version)) {
      track.duplicates += 1;
      continue;
    }
    if (!versions) {
      if (row.seq < track.maxSeq) track.reorders += 1;
      track.maxSeq = Math.max(track.maxSeq, row.seq);
      const sent = stats.sentAt.get(row.id);
      if (sent !== undefined) stats.latencies.push(now - sent);
      track.seen.set(row.id, new Set([row.version]));
    } else versions.add(row.version);
  }
}

/** Uploads a small file to the student's general channel; its id, or null (counted as shown). */
async function upload(url: string, student: Student, stats: Stats): Promise<string | null> {
  const query = new URLSearchParams({
    class_id: student.classId,
    channel_id: student.general,
    name: 'notes.txt',
  });
  try {
    const response = await fetch(`${url}/api/attachments?${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        origin: url,
        cookie: student.session.cookie,
      },
      body: Buffer.from(`notes ${Math.random()}\n`.repeat(200)),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    if (response.status !== 201) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      shown(stats, `upload: HTTP ${response.status} ${answer.message ?? ''}`.trim());
      return null;
    }
    stats.uploads += 1;
    return ((await response.json()) as { id: string }).id;
  } catch {
    shown(stats, 'upload: network');
    return null;
  }
}

/** Every message of `channelId` in the database (id and seq): what subscribers are owed. */
export async function channelRows(database: Database, channelId: string) {
  return database.db
    .select({ id: messages.id, seq: messages.seq })
    .from(messages)
    .where(eq(messages.channel_id, channelId));
}
