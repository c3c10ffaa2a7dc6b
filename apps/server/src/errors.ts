// Docs: docs/ARCHITECTURE.md#errors — what a client learns when the server fails. A failed query's
// message holds SQL and its parameters (ids, message bodies): it goes to the server's log with an
// error id, and the client gets a worded INTERNAL_SERVER_ERROR with that same id, nothing else.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

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
