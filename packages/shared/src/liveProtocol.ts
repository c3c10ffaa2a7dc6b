// Docs: docs/realtime.md#protocol — the frames of the one WebSocket per tab at /api/live. Queries and
// mutations are tRPC procedures carried in our own small frames; live queries ("topics") are served
// by the server's hub, which encodes each event once and writes the same bytes to every subscriber
// of a key — so event frames name the topic and key, never a per-subscriber id.
import { z } from 'zod';
import { textSchema } from './schemas/text';

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

export * from './liveWire';
