// Docs: docs/realtime.md#protocol — the parts of the live protocol a client needs, without zod:
// the keep-alive, close codes, stream cursors, and `readServerFrame`, which checks a frame from the
// server exactly as liveProtocol.ts's `serverFrameSchema` does (liveWire.test.ts holds the two to
// the same answers), so the web's first load does not build zod schemas (docs/ARCHITECTURE.md#first-load).
import type { LiveEvent } from './liveEvents';
import type { ServerFrame, WireError } from './liveProtocol';

/** The keep-alive texts: the client sends PING, the server answers PONG. */
export const LIVE_PING = 'PING';
export const LIVE_PONG = 'PONG';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only `allowed` keys (zod's strictObject); a key present with `undefined` counts as absent. */
const onlyKeys = (value: Loose, allowed: readonly string[]): boolean =>
  Object.keys(value).every((key) => allowed.includes(key));

const optional = (value: unknown, check: (value: unknown) => boolean): boolean =>
  value === undefined || check(value);

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A request id: a positive safe integer. */
const isRequestId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1;

/** A server error as tRPC shapes it (extra keys allowed). */
function isWireError(value: unknown): value is WireError {
  return (
    isObject(value) &&
    isString(value.message) &&
    isNumber(value.code) &&
    isObject(value.data) &&
    isString(value.data.code)
  );
}

const isRows = (value: unknown): boolean =>
  Array.isArray(value) && value.every((row) => isObject(row) && isNumber(row.version));

/** A LiveEvent on the wire (rows: any objects with a version). */
function isLiveEvent(value: unknown): value is LiveEvent<unknown> {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'snapshot':
      return (
        onlyKeys(value, ['type', 'rows', 'replace']) &&
        isRows(value.rows) &&
        isBoolean(value.replace)
      );
    case 'upsert':
      return onlyKeys(value, ['type', 'rows']) && isRows(value.rows);
    case 'remove':
      return (
        onlyKeys(value, ['type', 'ids']) && Array.isArray(value.ids) && value.ids.every(isString)
      );
    case 'end':
      return (
        onlyKeys(value, ['type', 'reason', 'retry']) &&
        isString(value.reason) &&
        optional(value.retry, isBoolean)
      );
    default:
      return false;
  }
}

/**
 * `value` (a parsed JSON frame) as a server frame, or null when it is not one: the same answer as
 * `serverFrameSchema.safeParse(value).success`, without zod.
 */
export function readServerFrame(value: unknown): ServerFrame | null {
  if (!isObject(value)) return null;
  let ok: boolean;
  switch (value.t) {
    case 'r':
      ok =
        onlyKeys(value, ['t', 'id', 'd', 'e']) &&
        isRequestId(value.id) &&
        optional(value.e, isWireError);
      break;
    case 's':
      ok =
        onlyKeys(value, ['t', 'id', 'k', 'e', 'c']) &&
        isRequestId(value.id) &&
        isString(value.k) &&
        isLiveEvent(value.e) &&
        optional(value.c, isString);
      break;
    case 'e':
      ok =
        onlyKeys(value, ['t', 'p', 'k', 'c', 'e']) &&
        isString(value.p) &&
        isString(value.k) &&
        optional(value.c, isString) &&
        isLiveEvent(value.e);
      break;
    default:
      ok = false;
  }
  return ok ? (value as ServerFrame) : null;
}

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
  /**
   * The server is shutting down (docs/realtime.md#drain): it answered every request it ran and ran
   * none it did not answer. Reconnect at once (the balancer picks another node), send the
   * unanswered requests again and resume.
   */
  serverDraining: 4503,
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
