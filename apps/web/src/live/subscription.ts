// Docs: docs/ARCHITECTURE.md#web-data — the ONE place the web app starts a live subscription. A
// topic is named like the server's subscription procedure ('messages.live', 'classes.mine', …) and
// takes that procedure's input; its events are LiveEvents (a tracked stream wraps them as
// `{ id, data }`). Today this calls the tRPC subscription of that path over the live socket; a
// different transport only has to reimplement `startLiveSubscription`.
import type { inferRouterInputs, inferSubscriptionOutput } from '@trpc/server';
import type { LiveEvent, LiveRow } from '@seminar/shared';
import type { LiveRouter, LiveTrpcClient } from './client';

type Inputs = inferRouterInputs<LiveRouter>;

/** Every live topic the web app uses, with the input it takes. */
export interface LiveTopicInputs {
  'classes.mine': Inputs['classes']['mine'];
  'classes.public': Inputs['classes']['public'];
  'classes.roster': Inputs['classes']['roster'];
  'channels.live': Inputs['channels']['live'];
  'channels.notifications': Inputs['channels']['notifications'];
  'channels.members': Inputs['channels']['members'];
  'messages.live': Inputs['messages']['live'];
  'activities.live': Inputs['activities']['live'];
  'products.live': Inputs['products']['live'];
  'pins.live': Inputs['pins']['live'];
  'notifications.settings': Inputs['notifications']['settings'];
  'polls.live': Inputs['polls']['live'];
  'coldCall.live': Inputs['coldCall']['live'];
  'coldCall.mine': Inputs['coldCall']['mine'];
  'debrief.grading': Inputs['debrief']['grading'];
  'debrief.summary': Inputs['debrief']['summary'];
  'moderation.watch': Inputs['moderation']['watch'];
}

export type LiveTopic = keyof LiveTopicInputs;

/** The subscription procedure of a topic ('polls.live' → the router's polls.live). */
type TopicProcedure<Topic extends LiveTopic> = Topic extends `${infer R}.${infer P}`
  ? R extends keyof LiveRouter
    ? P extends keyof LiveRouter[R]
      ? LiveRouter[R][P]
      : never
    : never
  : never;

/** What a topic's procedure yields, unwrapped from a tracked stream's `{ id, data }`. */
type LiveTopicEvent<Topic extends LiveTopic> =
  inferSubscriptionOutput<TopicProcedure<Topic>> extends infer Value
    ? Value extends { id: string; data: infer Event }
      ? Event
      : Value
    : never;

/**
 * A topic's row as the server declares it sends it (a collection's presented row, a stream's row):
 * inferred from the router, never written by hand on the web (liveTopicRows.test-d.ts holds each
 * to its shared type and to what JSON carries).
 */
export type LiveTopicRow<Topic extends LiveTopic> =
  LiveTopicEvent<Topic> extends LiveEvent<infer Row extends LiveRow> ? Row : never;

/** What a subscription yields: a LiveEvent, or one wrapped by a tracked stream as `{ id, data }`. */
export type LiveSubscriptionValue<Row> = LiveEvent<Row> | { id: string; data: LiveEvent<Row> };

export interface LiveSubscribeHandlers<Row> {
  onData: (value: LiveSubscriptionValue<Row>) => void;
  onError: (error: unknown) => void;
}

export interface LiveSubscriptionHandle {
  unsubscribe: () => void;
}

type SubscribableNode = {
  subscribe: (input: unknown, handlers: LiveSubscribeHandlers<unknown>) => LiveSubscriptionHandle;
};

/**
 * Starts the live subscription `topic` with `input` on `client`; events and errors go to
 * `handlers` until `unsubscribe()`. A tracked stream (messages.live) resumes from
 * `input.lastEventId` when given.
 */
export function startLiveSubscription<Row, Topic extends LiveTopic>(
  client: LiveTrpcClient,
  topic: Topic,
  input: LiveTopicInputs[Topic],
  handlers: LiveSubscribeHandlers<Row>,
): LiveSubscriptionHandle {
  const [resource, procedure] = topic.split('.') as [string, string];
  const node = (client as unknown as Record<string, Record<string, SubscribableNode>>)[resource]?.[
    procedure
  ];
  if (!node) throw new Error(`No live topic ${topic}`);
  return node.subscribe(input, handlers as LiveSubscribeHandlers<unknown>);
}
