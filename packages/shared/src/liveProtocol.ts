// Docs: docs/realtime.md#protocol — the frames of the one WebSocket per tab at /api/live. Queries and
// mutations are tRPC procedures carried in our own small frames; live queries ("topics") are served
// by the server's hub, which encodes each event once and writes the same bytes to every subscriber
// of a key — so event frames name the topic and key, never a per-subscriber id.
import { z } from 'zod';
import { textSchema } from './text';
import type { LiveEvent } from './liveEvents';

/** The keep-alive texts: the client sends PING, the server answers PONG. */
export const LIVE_PING = 'PING';
export const LIVE_PONG = 'PONG';

/** A request id: a positive integer the client picks, unique among its requests in flight. */
const requestIdSchema = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A procedure or topic path, e.g. `messages.send` or `messages.live`. */
const pathSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/);

/** What a client sends: one operation per frame (no batches). */
export const clientFrameSchema = z.discriminatedUnion('t', [
  /** A query (`q`) or a mutation (`m`): answered by one `r` frame with the same id. */
  z.strictObject({
    t: z.enum(['q', 'm']),
    id: requestIdSchema,
    p: pathSchema,
    i: z.unknown().optional(),
  }),
  /** Subscribes to a topic: answered by an `s` frame (key and snapshot) or an `r` error frame. */
  z.strictObject({
    t: z.literal('s'),
    id: requestIdSchema,
    p: pathSchema,
    i: z.unknown().optional(),
  }),
  /** Ends the subscription to topic `p` at key `k`. */
  z.strictObject({ t: z.literal('u'), p: pathSchema, k: textSchema().max(2000) }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** A server error as tRPC shapes it (`TRPCClientError.from({ error })` reads this). */
export const wireErrorSchema = z.looseObject({
  message: z.string(),
  code: z.number(),
  data: z.looseObject({ code: z.string() }),
});
export type WireError = z.infer<typeof wireErrorSchema>;

/** A live row on the wire: any object with a version (the rows' own schemas belong to each topic). */
const wireRowSchema = z.looseObject({ version: z.number() });

/** A LiveEvent on the wire. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('snapshot'),
    rows: z.array(wireRowSchema),
    replace: z.boolean(),
  }),
  z.strictObject({ type: z.literal('upsert'), rows: z.array(wireRowSchema) }),
  z.strictObject({ type: z.literal('remove'), ids: z.array(z.string()) }),
  z.strictObject({
    type: z.literal('end'),
    reason: z.string(),
    retry: z.boolean().optional(),
  }),
]);

/** What the server sends. */
export const serverFrameSchema = z.discriminatedUnion('t', [
  /** The answer to a query or mutation (`d`), or the error of any request (`e`, then no `d`). */
  z.strictObject({
    t: z.literal('r'),
    id: requestIdSchema,
    d: z.unknown().optional(),
    e: wireErrorSchema.optional(),
  }),
  /**
   * A subscription started: the key its events are sent under, and its snapshot. An ordered stream
   * also says where its snapshot leaves the stream (`c`, a cursor): the client advances it with the
   * rows it gets and resubscribes from it after a reconnect.
   */
  z.strictObject({
    t: z.literal('s'),
    id: requestIdSchema,
    k: z.string(),
    e: liveEventSchema,
    c: z.string().optional(),
  }),
  /** An event of the subscription to topic `p` at key `k` (a stream's also move its cursor: `c`). */
  z.strictObject({
    t: z.literal('e'),
    p: z.string(),
    k: z.string(),
    c: z.string().optional(),
    e: liveEventSchema,
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** A typed event frame (the schema above checks shape; rows are typed by their topic). */
export interface EventFrame<Row> {
  t: 'e';
  p: string;
  k: string;
  c?: string;
  e: LiveEvent<Row>;
}

/**
 * WebSocket close codes the client acts on (4000–4999 belong to the application). Any other close
 * (1006 after a terminate, 1001 on shutdown) means: reconnect and resume.
 */
export const LIVE_CLOSE_CODES = {
  /** The session ended (signed out, expired, password reset): sign out with a message. */
  sessionEnded: 4401,
  /** A site admin disabled the user. */
  userDisabled: 4403,
  /** This user has too many live connections on this server. */
  tooManyConnections: 4429,
} as const;

/** Where an ordered stream resumes: after this seq, plus anything changed since this version. */
export interface StreamCursor {
  seq: number;
  version: number;
}

/** A row of an ordered stream (messages): a per-key seq and the version of its last write. */
export interface StreamRow {
  seq: number;
  version: number;
}

/** Encodes a stream cursor as the `lastEventId` a stream's input takes. */
export function encodeStreamCursor(cursor: StreamCursor): string {
  return `${cursor.seq}:${cursor.version}`;
}

/** Decodes `lastEventId`; null when absent or malformed (the stream then starts afresh). */
export function decodeStreamCursor(text: string | null | undefined): StreamCursor | null {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(text ?? '');
  if (!match) return null;
  return { seq: Number(match[1]), version: Number(match[2]) };
}

/** The later of two cursors, component by component (cursors only move forward). */
export function laterStreamCursor(
  a: StreamCursor | null,
  b: StreamCursor | null,
): StreamCursor | null {
  if (!a) return b;
  if (!b) return a;
  return { seq: Math.max(a.seq, b.seq), version: Math.max(a.version, b.version) };
}

/** The cursor after `rows` arrived: the highest seq and the highest version seen. */
export function advanceStreamCursor(
  cursor: StreamCursor | null,
  rows: readonly StreamRow[],
): StreamCursor | null {
  if (rows.length === 0) return cursor;
  let { seq, version } = cursor ?? { seq: 0, version: 0 };
  for (const row of rows) {
    if (row.seq > seq) seq = row.seq;
    if (row.version > version) version = row.version;
  }
  return { seq, version };
}
