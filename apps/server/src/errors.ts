// Docs: docs/ARCHITECTURE.md#errors — what a client learns when the server fails. A failed query's
// message holds SQL and its parameters (ids, message bodies): it goes to the server's log with an
// error id, and the client gets a worded INTERNAL_SERVER_ERROR with that same id, nothing else.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CLASS_ARCHIVED_MESSAGE } from '@seminar/shared';

/**
 * How a refusal or failure is answered, in the words every transport understands (tRPC's codes,
 * which map to HTTP statuses): the domain says what went wrong; live/trpcErrors.ts and app.ts map
 * it to the socket and to HTTP, each in one place.
 */
export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/** The HTTP status of each code (the same as tRPC's). */
export const HTTP_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** A refusal (or a failure the domain words itself), thrown by commands, policies and topics. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(options: { code: DomainErrorCode; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.code = options.code;
  }
}

/** What a NOT_FOUND names: the thing the procedure's input addresses. */
export type NotFoundSubject =
  'Class' | 'Channel' | 'Message' | 'Activity' | 'Member' | 'Invitation' | 'Product' | 'Poll';

/**
 * The one error for "does not exist" and "not yours" (docs/ARCHITECTURE.md#uniform-answers): one
 * wording per subject, `<Subject> not found.`, whether the thing is missing, deleted, in another
 * class or hidden from the viewer — so the answer never tells what exists elsewhere. A procedure
 * whose input names a class the viewer is not an active member of answers "Class not found.".
 */
export function notFound(what: NotFoundSubject): DomainError {
  return new DomainError({ code: 'NOT_FOUND', message: `${what} not found.` });
}

/** True for a NOT_FOUND (to re-word it as the subject the caller addressed). */
export function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'NOT_FOUND';
}

/**
 * A create whose client-made id is taken by a row the viewer may not write — another class's,
 * another author's, a deleted one: one CONFLICT per kind of record, the same whichever class holds
 * the id (docs/ARCHITECTURE.md#uniform-answers).
 */
export function idTaken(what: 'class' | 'channel' | 'message' | 'activity'): DomainError {
  return new DomainError({ code: 'CONFLICT', message: `That ${what} id is already taken.` });
}

/** A refused write the viewer can see exists (e.g. a student deleting someone else's message). */
export function forbidden(message: string): DomainError {
  return new DomainError({ code: 'FORBIDDEN', message });
}

/** What a client is told of any unexpected server failure (the detail is only in the log). */
export function internalErrorMessage(errorId: string): string {
  return `Something went wrong on the server. If it keeps happening, tell your administrator the error id ${errorId}.`;
}

/** A new error id: 12 hex characters, enough to find one failure in a node's log. */
export function newErrorId(): string {
  return randomBytes(6).toString('hex');
}

// The id each reported error was logged under, so every later step (the error formatter, a second
// report of the same error) uses the same one and the detail is logged once.
const errorIds = new WeakMap<object, string>();

/** The id `error` was reported under, if it was. */
export function errorIdOf(error: object): string | undefined {
  return errorIds.get(error);
}

/**
 * Logs an unexpected failure with its detail (message, SQL, parameters, stack, cause) under a new
 * error id and returns the id; an error already reported keeps its id and is not logged again.
 * `log` may be null before the server is ready: the id is still given.
 */
export function reportInternalError(
  error: object,
  log: FastifyBaseLogger | null | undefined,
  context: Record<string, unknown>,
): string {
  const known = errorIds.get(error);
  if (known) return known;
  const errorId = newErrorId();
  errorIds.set(error, errorId);
  log?.error({ err: error, errorId, ...context }, 'request failed');
  return errorId;
}

// Errors that say the database cannot be reached, whatever the driver: the socket's own errors
// (refused, reset, timed out, no such host), pg's words for a connection that died under a query or
// never opened, and PostgreSQL's codes for a server shutting down or starting (class 08, 57P0x).
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when `error`, or anything it wraps (causes, an AggregateError's errors), is one of those. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Object) || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (UNREACHABLE_ERRNOS.has(code) || UNREACHABLE_SQLSTATES.has(code)) return true;
      if (/^08/.test(code) && code.length === 5) return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

/** What a client is told when the database cannot be reached: retryable, nothing was changed. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The server cannot reach its database just now. Nothing was changed; try again shortly.';

/** The database could not be reached: the request changed nothing and may be sent again. */
export class DatabaseUnavailableError extends DomainError {
  constructor(cause: unknown) {
    super({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause });
  }
}

/** The SQLSTATE the archive guard (migration 0021) raises for a write to an archived class. */
export const CLASS_ARCHIVED_SQLSTATE = 'SMA01';

/**
 * True when `error`, or anything it wraps, is the archive guard's refusal: a write reached a row
 * of an archived class (docs/classes.md#archive).
 */
export function isClassArchivedWrite(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Object) || seen.has(current)) continue;
    seen.add(current);
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === CLASS_ARCHIVED_SQLSTATE) return true;
    pending.push(cause);
  }
  return false;
}

/**
 * The domain refusal of any change to an archived class: FORBIDDEN with CLASS_ARCHIVED_MESSAGE
 * (docs/classes.md#archive). Commands throw it after their own check; the archive guard's
 * SQLSTATE becomes it in the transport's mapping (live/trpcErrors.ts), whatever path made the write.
 */
export class ClassArchivedError extends DomainError {
  constructor(cause?: unknown) {
    super({ code: 'FORBIDDEN', message: CLASS_ARCHIVED_MESSAGE, cause });
  }
}

/**
 * What an unexpected failure has become, if it is one the domain knows: an unreachable database
 * (retryable: the web client's outbox keeps the write and sends it again) or a write the archive
 * guard refused (nothing was changed). Null: it stays an unexpected failure.
 */
export function knownFailure(error: unknown): DomainError | null {
  if (isDatabaseUnreachable(error)) return new DatabaseUnavailableError(error);
  if (isClassArchivedWrite(error)) return new ClassArchivedError(error);
  return null;
}

/** How often a node that found its database unreachable asks again whether it is back. */
export const OUTAGE_PROBE_MS = 1_000;

/**
 * One warning per database outage instead of one error per refused request: the first request that
 * finds the database unreachable logs it and starts a probe (`ping`, every OUTAGE_PROBE_MS); the
 * probe's first success logs the recovery, with how many requests were refused meanwhile.
 */
export class DatabaseOutage {
  #refused = 0;
  #since = 0;
  #probe: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(
    readonly log: FastifyBaseLogger,
    readonly ping: () => Promise<void>,
    readonly probeMs = OUTAGE_PROBE_MS,
  ) {}

  /** Whether an outage is under way (logged, not yet seen to end). */
  get ongoing(): boolean {
    return this.#since > 0;
  }

  /** A request was refused because the database is unreachable. */
  refused(error: unknown): void {
    this.#refused += 1;
    if (this.ongoing || this.#stopped) return;
    this.#since = Date.now();
    this.log.warn(
      { err: error },
      'database unreachable: requests are answered SERVICE_UNAVAILABLE until it is back',
    );
    this.#schedule();
  }

  /** Stops probing (the node is closing). */
  stop(): void {
    this.#stopped = true;
    if (this.#probe) clearTimeout(this.#probe);
    this.#probe = null;
  }

  #schedule(): void {
    this.#probe = setTimeout(() => {
      this.#probe = null;
      this.ping().then(
        () => {
          if (this.#stopped) return;
          this.log.info(
            { refused: this.#refused, outageMs: Date.now() - this.#since },
            'database reachable again',
          );
          this.#since = 0;
          this.#refused = 0;
        },
        () => {
          if (!this.#stopped) this.#schedule();
        },
      );
    }, this.probeMs);
    this.#probe.unref();
  }
}
