// Docs: docs/realtime.md — the tRPC procedures of the live socket: context, procedures, error shape,
// and live queries (`liveSubscription`), which the socket serves through the hub.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { SessionUser } from '../auth/session';
import { internalErrorMessage, reportInternalError } from '../errors';
import type { LiveEvent } from '@seminar/shared';
import type { TrackedEnvelope } from '@trpc/server';
import { iterateCollection, iterateStream } from './iterate';
import { toTRPCError } from './trpcErrors';
import type { LiveHub } from './hub';
import type { LiveServices } from './services';
import type { AnyTopic, CollectionTopic, LiveTopic, StreamTopic } from './topic';

/** The socket's session, as procedures see it. */
export interface LiveSession {
  readonly sessionId: string;
  /** Throws UNAUTHORIZED (and ends the socket) when the session no longer exists. */
  requireLive(): Promise<void>;
  /** A write found the session gone: end the socket. */
  end(): void;
  /**
   * Something this socket holds while it is open (e.g. "online in a channel"): `release` runs when
   * the socket closes — unless another socket of the same user on this node holds the same key.
   */
  hold(key: string, release: () => Promise<void>): void;
  /** The holder let go itself (e.g. it left the channel): nothing runs at close. */
  unhold(key: string): void;
}

/** What the kernel itself reads of a request's services: the topics' and the node's hub. */
export interface KernelServices extends LiveServices {
  readonly hub: LiveHub;
}

/**
 * Per-request context: who is connected (checked at the upgrade) and the server's services — the
 * node's whole `Services` for the procedures (trpc.ts at the top instantiates the procedures with
 * it), of which the kernel reads only `KernelServices`.
 */
export interface LiveContext<S extends KernelServices = KernelServices> {
  services: S;
  viewer: SessionUser | null;
  connectionId: string;
  /** The socket's session; null for callers inside the server (tests, seeding). */
  session: LiveSession | null;
}

/** What a procedure may declare about itself. */
export interface LiveMeta {
  /** The topic a subscription serves (set by `liveSubscription`). */
  topic?: AnyTopic;
  /** The mutation checks the session itself, in its own statement (the send path). */
  checksSession?: boolean;
  /**
   * A signal of attention (typing, online, a read mark), not a change of the class's data: it
   * spends the per-user signal budget (LIVE_SIGNALS_PER_SECOND), not the budget of changes, so a
   * person typing and reading never uses up their right to send.
   */
  signal?: boolean;
}

const never = new AbortController().signal;

/**
 * The procedures' builders for a server whose services are `S` (the node's `Services`, given by
 * apps/server/src/trpc.ts): the kernel declares how a procedure runs — the error shape, the one
 * error mapping, the session check, live queries through the hub — without importing what the
 * services hold.
 */
export function liveProcedures<S extends KernelServices>() {
  const t = initTRPC
    .context<LiveContext<S>>()
    .meta<LiveMeta>()
    .create({
      errorFormatter({ shape, error, ctx, path, type }) {
        // An unexpected failure: its message may hold SQL and data (a failed query's parameters), so
        // the client gets a worded message and an error id, and the log the detail under that id.
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          const errorId = reportInternalError(error, ctx?.services.hub.log, {
            path,
            type,
            uid: ctx?.viewer?.uid,
          });
          return {
            ...shape,
            message: internalErrorMessage(errorId),
            data: { ...shape.data, stack: undefined, issues: null, errorId },
          };
        }
        // Bad input: the zod issues travel as plain data so the client can show them next to fields.
        const issues =
          error.cause instanceof ZodError
            ? error.cause.issues.map((issue) => ({
                path: issue.path.map(String),
                message: issue.message,
              }))
            : null;
        return { ...shape, data: { ...shape.data, stack: undefined, issues, errorId: null } };
      },
    });

  const router = t.router;
  const mergeRouters = t.mergeRouters;

  /**
   * Every procedure: what it threw is answered through the one mapping (trpcErrors.ts) — a domain
   * error with its code, a write the archive guard refused as ClassArchivedError, on whatever path it
   * was made — for the socket and the server's own callers alike.
   */
  const publicProcedure = t.procedure.use(async ({ next }) => {
    const result = await next();
    return result.ok ? result : { ...result, error: toTRPCError(result.error) };
  });

  /**
   * Every procedure that reads or writes class data: a signed-in viewer is required, and before any
   * write the socket's session must still exist (sign-out, reset or expiry end writes at once).
   */
  const authedProcedure = publicProcedure.use(async ({ ctx, type, meta, next }) => {
    if (!ctx.viewer) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
    if (type === 'mutation' && ctx.session && !meta?.checksSession) await ctx.session.requireLive();
    return next({ ctx: { ...ctx, viewer: ctx.viewer } });
  });

  /**
   * A live query: a subscription procedure whose input is the topic's schema. Over the socket the hub
   * serves it directly (one encoding per key, see hub.ts); inside the server it is an async iterable
   * through the same hub. A stream's events are tracked with their cursor (`{ id, data }`).
   */
  function liveSubscription<Input, Row, Access, Wire>(
    topic: StreamTopic<Input, Row, Access, Wire>,
  ): ReturnType<typeof streamProcedure<Input, Row, Access, Wire>>;
  function liveSubscription<Input, Row, Access, Wire, Sent>(
    topic: CollectionTopic<Input, Row, Access, Wire, Sent>,
  ): ReturnType<typeof collectionProcedure<Input, Row, Access, Wire, Sent>>;
  function liveSubscription<Input, Row, Access, Wire, Sent>(
    topic: LiveTopic<Input, Row, Access, Wire, Sent>,
  ) {
    return topic.kind === 'stream' ? streamProcedure(topic) : collectionProcedure(topic);
  }

  function streamProcedure<Input, Row, Access, Wire>(topic: StreamTopic<Input, Row, Access, Wire>) {
    return authedProcedure
      .meta({ topic })
      .input(topic.input)
      .subscription(({ ctx, input, signal }): AsyncGenerator<TrackedEnvelope<LiveEvent<Row>>> =>
        iterateStream(ctx.services.hub, topic, ctx.viewer, input as Input, signal ?? never),
      );
  }

  // Its events carry the rows as they travel (`Sent`): the web's row types are inferred from them.
  function collectionProcedure<Input, Row, Access, Wire, Sent>(
    topic: CollectionTopic<Input, Row, Access, Wire, Sent>,
  ) {
    return authedProcedure
      .meta({ topic })
      .input(topic.input)
      .subscription(({ ctx, input, signal }): AsyncGenerator<LiveEvent<Sent>> =>
        iterateCollection(ctx.services.hub, topic, ctx.viewer, input as Input, signal ?? never),
      );
  }

  return { router, mergeRouters, publicProcedure, authedProcedure, liveSubscription };
}
