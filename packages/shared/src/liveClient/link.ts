// Docs: docs/realtime.md#the-client — tRPC's typed client over the live connection: queries and
// mutations are requests; subscriptions are live queries (a stream's events arrive tracked with
// their cursor, `{ id, data }`, as tRPC's own `tracked()` events do).
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import type { LiveConnection } from './connection';
import { LiveRequestError } from './connectionParts';

/** The error a caller sees: the server's (with its code and data), or a lost connection's (none). */
export function toClientError(error: unknown): TRPCClientError<AnyTRPCRouter> {
  if (error instanceof LiveRequestError) return TRPCClientError.from({ error: error.shape });
  return TRPCClientError.from(error instanceof Error ? error : new Error(String(error)));
}

/** The tRPC link of the live connection (the only link the app needs). */
export function liveLink<TRouter extends AnyTRPCRouter>(
  connection: LiveConnection,
): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type === 'subscription') {
          observer.next({ result: { type: 'started' } });
          return connection.subscribe(op.path, op.input, {
            onEvent(event, cursor) {
              observer.next({
                result: {
                  type: 'data',
                  data: cursor === null ? event : { id: cursor, data: event },
                },
              });
              if (event.type === 'end') observer.complete();
            },
            onError(error) {
              observer.error(toClientError(error));
            },
          });
        }
        let settled = false;
        connection.request(op.type, op.path, op.input).then(
          (data) => {
            if (settled) return;
            settled = true;
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            observer.error(toClientError(error));
          },
        );
        return () => {
          settled = true;
        };
      });
}
