// Docs: docs/ARCHITECTURE.md#web-data — a type-level test, compiled by `npm run typecheck` (vitest
// does not run it): each live topic's row as the web infers it from the router (`LiveTopicRow`) is
// the wire shape packages/shared names for it, and it survives JSON unchanged — so a presenter that
// sends something else, or a row holding a Date (which travels as a string), fails the typecheck.
import { expectTypeOf } from 'vitest';
import type {
  Activity,
  AiWatchRow,
  ChannelMember,
  ChannelNotificationView,
  ChannelView,
  Class,
  DebriefSummary,
  GradingRow,
  Message,
  NotificationSettings,
  Pin,
  PollView,
  PublicProduct,
  RosterEntry,
  SpotlightView,
} from '@seminar/shared';
import type { LiveTopic, LiveTopicRow } from './subscription';

/** Every topic with the shared type its rows are: a topic added without one fails below. */
interface SharedRows {
  'classes.mine': Class;
  'classes.public': Class;
  'classes.roster': RosterEntry;
  'channels.live': ChannelView;
  'channels.notifications': ChannelNotificationView;
  'channels.members': ChannelMember;
  'messages.live': Message;
  'activities.live': Activity;
  'products.live': PublicProduct;
  'pins.live': Pin;
  'notifications.settings': NotificationSettings;
  'polls.live': PollView;
  'coldCall.live': SpotlightView;
  'coldCall.mine': SpotlightView;
  'debrief.grading': GradingRow;
  'debrief.summary': DebriefSummary;
  'moderation.watch': AiWatchRow;
}

type InferredRows = { [Topic in LiveTopic]: LiveTopicRow<Topic> };

/** A value as `JSON.parse(JSON.stringify(value))` gives it back, for what rows may hold. */
type AfterJson<T> = T extends Date
  ? string
  : T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>
    ? Record<string, never>
    : T extends object
      ? { [K in keyof T]: AfterJson<T[K]> }
      : T;

expectTypeOf<keyof SharedRows>().toEqualTypeOf<LiveTopic>();

// One line per topic, so that a failure names the topic that drifted.
expectTypeOf<InferredRows['classes.mine']>().toEqualTypeOf<SharedRows['classes.mine']>();
expectTypeOf<InferredRows['classes.public']>().toEqualTypeOf<SharedRows['classes.public']>();
expectTypeOf<InferredRows['classes.roster']>().toEqualTypeOf<SharedRows['classes.roster']>();
expectTypeOf<InferredRows['channels.live']>().toEqualTypeOf<SharedRows['channels.live']>();
expectTypeOf<InferredRows['channels.notifications']>().toEqualTypeOf<
  SharedRows['channels.notifications']
>();
expectTypeOf<InferredRows['channels.members']>().toEqualTypeOf<SharedRows['channels.members']>();
expectTypeOf<InferredRows['messages.live']>().toEqualTypeOf<SharedRows['messages.live']>();
expectTypeOf<InferredRows['activities.live']>().toEqualTypeOf<SharedRows['activities.live']>();
expectTypeOf<InferredRows['products.live']>().toEqualTypeOf<SharedRows['products.live']>();
expectTypeOf<InferredRows['pins.live']>().toEqualTypeOf<SharedRows['pins.live']>();
expectTypeOf<InferredRows['notifications.settings']>().toEqualTypeOf<
  SharedRows['notifications.settings']
>();
expectTypeOf<InferredRows['polls.live']>().toEqualTypeOf<SharedRows['polls.live']>();
expectTypeOf<InferredRows['coldCall.live']>().toEqualTypeOf<SharedRows['coldCall.live']>();
expectTypeOf<InferredRows['coldCall.mine']>().toEqualTypeOf<SharedRows['coldCall.mine']>();
expectTypeOf<InferredRows['debrief.grading']>().toEqualTypeOf<SharedRows['debrief.grading']>();
expectTypeOf<InferredRows['debrief.summary']>().toEqualTypeOf<SharedRows['debrief.summary']>();
expectTypeOf<InferredRows['moderation.watch']>().toEqualTypeOf<SharedRows['moderation.watch']>();

// What the server declares is what arrives: no row type changes on its way through JSON.
expectTypeOf<{
  [Topic in LiveTopic]: AfterJson<InferredRows[Topic]>;
}>().toEqualTypeOf<InferredRows>();
