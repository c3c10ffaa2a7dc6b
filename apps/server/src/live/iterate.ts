// Docs: docs/realtime.md#the-subscription-runtime — a topic as an async iterable, for callers inside
// the server (tRPC's server-side caller, tests). It goes through the hub exactly as a socket does,
// with a sink that decodes the frames the hub encodes.
import {
  decodeStreamCursor,
  encodeStreamCursor,
  laterStreamCursor,
  type LiveEvent,
  type StreamCursor,
} from '@seminar/shared';
import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { SessionUser } from '../auth/session';
import type { LiveHub } from './hub';
import type { LiveSink, Subscriber } from './subscriber';
import type { CollectionTopic, LiveTopic, StreamTopic } from './topic';

interface Frame<Row> {
  e: LiveEvent<Row>;
  c?: string;
}

/** The frames of `topic`, whose rows travel as `Sent` (a collection's presented rows). */
async function* frames<Input, Row, Access, Wire, Sent>(
  hub: LiveHub,
  topic: LiveTopic<Input, Row, Access, Wire, Sent>,
  viewer: SessionUser,
  input: Input,
  signal: AbortSignal,
): AsyncGenerator<Frame<Sent>> {
  const queue: Array<Frame<Sent>> = [];
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const sink: LiveSink = {
    viewer,
    write(frame) {
      queue.push(JSON.parse(frame.toString()) as Frame<Sent>);
      notify();
      return true;
    },
    writePaced(frame) {
      return Promise.resolve(this.write(frame));
    },
    ended: notify,
    failed(_sub: Subscriber, error: unknown) {
      failure = { error };
      notify();
    },
  };
  const sub = hub.subscribe(topic, sink, input, topic.key(input, viewer), 1);
  signal.addEventListener('abort', notify, { once: true });
  try {
    for (;;) {
      const frame = queue.shift();
      if (frame) {
        yield frame;
        if (frame.e.type === 'end') return;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (signal.aborted) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal.removeEventListener('abort', notify);
    hub.unsubscribe(sub);
  }
}

/** Yields a collection's events for `viewer` until `signal` aborts or the hub ends it. */
export async function* iterateCollection<Input, Row, Access, Wire, Sent>(
  hub: LiveHub,
  topic: CollectionTopic<Input, Row, Access, Wire, Sent>,
  viewer: SessionUser,
  input: Input,
  signal: AbortSignal,
): AsyncGenerator<LiveEvent<Sent>> {
  for await (const frame of frames(hub, topic, viewer, input, signal)) yield frame.e;
}

/** Yields a stream's events, each tracked with the cursor a resume would start from. */
export async function* iterateStream<Input, Row, Access, Wire>(
  hub: LiveHub,
  topic: StreamTopic<Input, Row, Access, Wire>,
  viewer: SessionUser,
  input: Input,
  signal: AbortSignal,
): AsyncGenerator<TrackedEnvelope<LiveEvent<Row>>> {
  let cursor: StreamCursor | null = null;
  for await (const frame of frames<Input, Row, Access, Wire, Row>(
    hub,
    topic,
    viewer,
    input,
    signal,
  )) {
    cursor = laterStreamCursor(cursor, decodeStreamCursor(frame.c));
    yield tracked(encodeStreamCursor(cursor ?? { seq: 0, version: 0 }), frame.e);
  }
}
