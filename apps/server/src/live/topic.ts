// Docs: docs/realtime.md#adding-a-topic — what a resource declares to serve a live query. The kernel
// (hub, bus, commands) knows topics only through these interfaces and never imports a resource.
import type { ZodType } from 'zod';
import type { SessionUser } from '../auth/session';
import type { LiveServices } from './services';

/**
 * What every topic declares. The client's input (`Wire`) is validated and shaped into `Input` by
 * `input` before anything else runs.
 */
interface TopicBase<Input, Row, Access, Wire> {
  /** The topic's name: the path of its subscription procedure (e.g. `messages.live`). */
  readonly name: string;
  /** The zod schema of the subscription's input (from packages/shared or built from its schemas). */
  readonly input: ZodType<Input, Wire>;
  /** The notice key this input listens to (a class id, a channel id, `user:<uid>`). */
  key(input: Input, viewer: SessionUser): string;
  /** Resolves the viewer's access or throws NOT_FOUND (the same for missing and forbidden). */
  access(services: LiveServices, viewer: SessionUser, input: Input): Promise<Access>;
  /** The class the access depends on: `access` notices of that class re-check it ('' for none). */
  classOf(access: Access): string;
  /** Rows by id under `key`, whatever their visibility. */
  load(services: LiveServices, key: string, ids: string[]): Promise<Row[]>;
  id(row: Row): string;
}

/**
 * A collection: a set of rows the viewer may see (channels of a class, a roster). Its snapshot
 * replaces the client's set; each row is filtered (`visible`) and may be shaped per viewer
 * (`present`) — a topic with `present` pays one encoding per subscriber, one without shares one
 * encoding among every subscriber that sees the same rows. `Sent` is the row as it travels: what
 * `present` returns (a topic whose `Sent` is not its `Row` must have one), and what the web's row
 * types are inferred from (apps/web/src/live/subscription.ts) — so it is a JSON shape, dates as
 * the strings they travel as.
 */
export interface CollectionTopic<Input, Row, Access, Wire = Input, Sent = Row> extends TopicBase<
  Input,
  Row,
  Access,
  Wire
> {
  readonly kind: 'collection';
  /** More keys to listen to, from the access (e.g. each of the viewer's classes). */
  extraKeys?(access: Access): string[];
  snapshot(
    services: LiveServices,
    viewer: SessionUser,
    input: Input,
    access: Access,
  ): Promise<Row[]>;
  visible(row: Row, viewer: SessionUser, access: Access): boolean;
  present?(row: Row, viewer: SessionUser, access: Access): Sent;
  /**
   * Gather the notices of a key for this long before processing them together (one read, one
   * encoding per subscriber): for a per-viewer topic whose rows change with every message (a
   * channel list's unread counts), a short delay instead of work per message per subscriber.
   */
  coalesceMs?: number;
}

/** What a stream's snapshot read returns. */
export interface StreamSnapshot<Row> {
  rows: Row[];
  /** true: the rows replace what the client has (a fresh start); false: they continue it. */
  replace: boolean;
  /**
   * The highest version of any row under the key when the snapshot was read: every later change
   * has a higher version, and none at or below it is sent to this subscriber again.
   */
  floor: number;
  /** The highest seq the client has after this snapshot (of the rows, or of where it resumed). */
  seq: number;
}

/**
 * An ordered stream (a channel's messages): rows carry a per-key `seq`, and every write of a key's
 * rows takes the same lock, so versions under one key follow commit order. Access is checked when
 * subscribing and on every access notice. Each change is encoded once per key — or, for a topic
 * with a lens, once per distinct lens among the key's subscribers (docs/realtime.md#lenses).
 */
export interface StreamTopic<Input, Row, Access, Wire = Input> extends TopicBase<
  Input,
  Row,
  Access,
  Wire
> {
  readonly kind: 'stream';
  /** `fresh`: ignore any resume point in the input (a lens change: the newest page, replacing). */
  snapshot(
    services: LiveServices,
    viewer: SessionUser,
    input: Input,
    access: Access,
    fresh?: boolean,
  ): Promise<StreamSnapshot<Row>>;
  /**
   * The viewer's lens, from the access alone (computed when access is resolved or re-checked): a
   * small key; subscribers with the same lens see the same rows and share one encoding per change.
   * '' is the plain lens — every row as it is, `shape` is not called. A changed lens after an
   * access re-check sends the subscriber a fresh, replacing snapshot.
   */
  lens?(access: Access, viewer: SessionUser): string;
  /**
   * A row as a viewer with this access sees it, or null when it is not for them. Must give the
   * same answer for every access with the same lens: it is called once per lens per change.
   */
  shape?(row: Row, access: Access): Row | null;
  /**
   * The access after these changed rows reached the viewer, when they change it (e.g. their own
   * first post in a post-first phase reveals the others'); null when they do not. A new access
   * sends the subscriber a fresh, replacing snapshot instead of the rows: no read per delivery,
   * only when the lens changes.
   */
  reveal?(access: Access, rows: readonly Row[], viewer: SessionUser): Access | null;
  /**
   * The highest seq a cursor sent to a viewer with this access may claim (null: no cap). A lens
   * that hides rows caps it below them, so a client that resumes after its lens changed (offline
   * meanwhile) is sent what was hidden from it instead of resuming past it.
   */
  capSeq?(access: Access): number | null;
  /**
   * The rows under `key` written after `version` (a resync after the LISTEN connection was lost),
   * in seq order; null when more than `limit` (the subscribers then start afresh).
   */
  since(services: LiveServices, key: string, version: number, limit: number): Promise<Row[] | null>;
  seq(row: Row): number;
  version(row: Row): number;
}

/** A live topic. */
export type LiveTopic<Input, Row, Access, Wire = Input, Sent = Row> =
  CollectionTopic<Input, Row, Access, Wire, Sent> | StreamTopic<Input, Row, Access, Wire>;

/** Any topic (the hub stores them without their type parameters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased at the hub's boundary
export type AnyTopic = LiveTopic<any, any, any, any, any>;

/** What `announce` names: a topic, or a signal (a notice that is not a live query). */
export interface TopicRef {
  readonly name: string;
}

/**
 * A signal: a notice every node acts on that is not a live query (a class's access changed, a
 * user was disabled, sessions ended). Its handler is registered with `hub.onSignal`.
 */
export function defineSignal(name: string): TopicRef {
  return { name };
}
