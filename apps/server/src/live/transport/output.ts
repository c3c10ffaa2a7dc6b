// Docs: docs/realtime.md#transport — what a live socket writes to its client: every frame under
// back-pressure (a client that stops reading is cut off and resumes later), a large answer's parts
// paced one at a time per socket, and error answers (the detail logged, the client sent its
// shape). A base class of Connection (connection.ts) rather than an object of its own, so a
// connection stays one object (memory per connection is benchmarked).
import { getErrorShape, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../../auth/session';
import { DatabaseUnavailableError, reportInternalError, type DatabaseOutage } from '../../errors';
import type { LiveMetrics } from '../metrics';
import type { KernelServices, LiveContext } from '../trpc';
import { toTRPCError } from '../trpcErrors';
import type { LiveLimits } from './limits';

/** The part of the node's connection host the writes use. */
export interface OutputHost {
  services(): KernelServices | null;
  readonly router: AnyTRPCRouter;
  /** Logs a database outage once (requests it refuses are not logged one by one). */
  readonly outage: DatabaseOutage;
  readonly limits: LiveLimits;
  readonly log: FastifyBaseLogger;
  /** The node's counters (frames, cuts, refusals): increments only. */
  readonly metrics: LiveMetrics;
}

const TEXT = { binary: false } as const;
/** A part of a large answer the client has not taken in this long: it is not reading. */
const PACED_STALL_MS = 30_000;

export abstract class SocketOutput {
  /** Its session ended or its user was disabled: nothing more is read or written. */
  revoked = false;
  gone = false;
  /** The last paced write (LiveSink.writePaced); the next waits for it. */
  #paced: Promise<boolean> | null = null;
  /** The bytes of the paced part not yet gone to the client: they never count as not reading. */
  #pacedBytes = 0;

  constructor(readonly ws: WebSocket) {}

  abstract readonly host: OutputHost;
  abstract readonly viewer: SessionUser;
  /** Ends every live query of the socket (it closed, was cut off or revoked). */
  protected abstract dispose(): void;
  /** A procedure's context on this socket (error shapes are formatted with it). */
  protected abstract context(services: KernelServices): LiveContext;

  /** Writes a frame unless the client has stopped reading: then it is cut off (it resumes later). */
  write(frame: Buffer): boolean {
    return this.#send(frame);
  }

  writePaced(frame: Buffer): Promise<boolean> {
    // One part in flight per socket, whichever live query it belongs to: the node holds at most one
    // part of every large answer, however many the page asks for at once.
    const next = (this.#paced ?? Promise.resolve(true)).then(() => this.#sendFlushed(frame));
    this.#paced = next;
    return next;
  }

  /** Sends `frame` and resolves once it has left for the client (false: the socket is gone). */
  #sendFlushed(frame: Buffer): Promise<boolean> {
    return new Promise((resolve) => {
      const stalled = setTimeout(() => {
        this.#cutOff('no part of a large answer taken for 30 s');
        resolve(false);
      }, PACED_STALL_MS);
      stalled.unref();
      const sent = this.#send(frame, (error) => {
        this.#pacedBytes = 0;
        clearTimeout(stalled);
        resolve(!error && !this.gone);
      });
      if (sent) this.#pacedBytes = frame.length;
      else {
        clearTimeout(stalled);
        resolve(false);
      }
    });
  }

  #send(frame: Buffer, flushed?: (error?: Error) => void): boolean {
    if (this.revoked || this.gone) return false;
    // What piles up besides a large answer's part in flight (that is paced: see writePaced). A
    // frame larger than the limit still goes to a socket that has taken everything before it.
    const buffered = this.ws.bufferedAmount - this.#pacedBytes;
    if (buffered > 0 && buffered + frame.length > this.host.limits.bufferedBytesPerSocket) {
      this.#cutOff(`${buffered} bytes not taken`);
      return false;
    }
    this.ws.send(frame, TEXT, flushed);
    this.host.metrics.frame(frame.length);
    return true;
  }

  /** The client does not read what it is sent: cut it off (it reconnects and resumes later). */
  #cutOff(why: string): void {
    this.host.log.warn({ uid: this.viewer.uid, why }, 'live socket not reading: cut off');
    this.host.metrics.cut('slow_reader');
    this.dispose();
    this.ws.terminate();
  }

  /** Answers request `id` with `cause` as a tRPC error (logged when it is the server's); returns it. */
  protected answerError(
    id: number,
    cause: unknown,
    type: 'query' | 'mutation' | 'subscription' | 'unknown',
    path: string | undefined,
    input: unknown,
  ): TRPCError {
    const error = toTRPCError(cause);
    if (this.revoked || this.gone) return error;
    // The detail is logged here under an error id; the error formatter sends the client only the id.
    // An unreachable database is logged once per outage, not per request.
    if (error.code === 'INTERNAL_SERVER_ERROR')
      reportInternalError(error, this.host.log, { path, type, uid: this.viewer.uid, live: true });
    else if (error.cause instanceof DatabaseUnavailableError) this.host.outage.refused(cause);
    const services = this.host.services();
    const shape = getErrorShape({
      config: this.host.router._def._config,
      error,
      type,
      path,
      input,
      ctx: services ? this.context(services) : undefined,
    });
    this.write(Buffer.from(`{"t":"r","id":${id},"e":${JSON.stringify(shape)}}`));
    return error;
  }
}
