// Calls procedures as a given viewer through tRPC's server-side caller: the same middleware, input
// validation and commands as over the socket, without one.
import type { LiveEvent } from '@seminar/shared';
import type { SessionUser } from '../src/auth/session';
import { appRouter } from '../src/router';
import type { Services } from '../src/services';

/** A caller for `viewer` (null: anonymous); subscriptions end when `signal` aborts. */
export function callerFor(services: Services, viewer: SessionUser | null, signal?: AbortSignal) {
  return appRouter.createCaller(
    { services, viewer, connectionId: 'test', session: null },
    signal ? { signal } : {},
  );
}

type Caller = ReturnType<typeof callerFor>;
type TrackedTuple<Row> = readonly [string, LiveEvent<Row>, ...unknown[]];

/** Starts a live query as `viewer` and reads its events into an array until `stop()`. */
export async function collect<Row>(
  services: Services,
  viewer: SessionUser | null,
  // Ordered streams yield tRPC's tracked events (typed { id, data }, at run time [id, data]).
  start: (caller: Caller) => Promise<AsyncIterable<LiveEvent<Row> | { data: LiveEvent<Row> }>>,
) {
  const controller = new AbortController();
  const events: LiveEvent<Row>[] = [];
  let failure: unknown = null;
  const done = (async () => {
    try {
      for await (const event of await start(callerFor(services, viewer, controller.signal))) {
        events.push(
          Array.isArray(event)
            ? (event as unknown as TrackedTuple<Row>)[1]
            : (event as LiveEvent<Row>),
        );
      }
    } catch (error) {
      failure = error;
    }
  })();
  return {
    events,
    get failure() {
      return failure;
    },
    async until(predicate: (events: LiveEvent<Row>[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (failure) throw failure;
        if (Date.now() > deadline)
          throw new Error(`timed out; events: ${JSON.stringify(events).slice(0, 1500)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}
