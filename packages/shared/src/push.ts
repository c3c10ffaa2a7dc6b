// Docs: docs/channels.md#web-push — the rules of Web Push the server and the web share: who of a
// channel is pushed what, how many browsers one person may subscribe, and what a push carries.
import type { NotifyLevel } from './notifyLevels';

/** Browsers one person may subscribe; subscribing one more drops their oldest. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/** The longest excerpt a push carries (a notification shows two or three lines). */
export const PUSH_EXCERPT_LENGTH = 120;

/** Why a person is pushed a message: it mentions them (or @channel), or their level is `all`. */
export type PushKind = 'mention' | 'message';

/**
 * What a new message pushes to one person, by the same rule as the in-app notifications
 * (`shouldNotify`): never their own message; a mention unless the level is `none`; any other
 * message only at level `all`. Null: nothing. (Visibility, reading, muting and phases are the
 * server's to judge on top of this.)
 */
export function pushKind(input: {
  level: NotifyLevel;
  ownMessage: boolean;
  mentionsPerson: boolean;
}): PushKind | null {
  if (input.ownMessage || input.level === 'none') return null;
  if (input.mentionsPerson) return 'mention';
  return input.level === 'all' ? 'message' : null;
}

/**
 * What one push carries, encrypted to the browser (RFC 8291): ids, the channel's name, the author
 * as the chat names them and a short excerpt — nothing the person could not read in the channel.
 */
export interface PushPayload {
  /** The payload's shape (a service worker of an older build ignores a newer one). */
  v: 1;
  /**
   * Why: a message (`mention`, `message`), or `ai_flag` — to an instructor or class admin, an
   * exchange with an AI agent the moderation flagged (docs/ai.md#moderation); then `message_id` is
   * the alert's key, `author` the agent, `excerpt` what was flagged in words (never the text) and
   * `path` the activity's review.
   */
  kind: PushKind | 'ai_flag';
  class_id: string;
  channel_id: string;
  message_id: string;
  seq: number;
  channel: string;
  author: string;
  excerpt: string;
  /** The in-app path that opens the channel at the message (`messageLinkPath`). */
  path: string;
  /** `ai_flag`: the activity's title. */
  activity?: string;
}

/**
 * A notification's words for a push: the channel as its title, who wrote what as its body; a
 * flagged AI exchange as the page's own notification says it ("Flagged AI exchange in ⟨activity⟩").
 * The service worker runs this function's own text, so it uses nothing from around it.
 */
export function pushNotificationText(
  payload: Pick<PushPayload, 'kind' | 'channel' | 'author' | 'excerpt' | 'activity'>,
): {
  title: string;
  body: string;
} {
  if (payload.kind === 'ai_flag')
    return {
      title: `Flagged AI exchange in ${payload.activity || `#${payload.channel}`}`,
      body: payload.excerpt,
    };
  return {
    title:
      payload.kind === 'mention' ? `#${payload.channel} · mentioned you` : `#${payload.channel}`,
    body: `${payload.author}: ${payload.excerpt}`,
  };
}
