// Docs: docs/channels.md#notifications — what of a channel raises a browser notification, per person.

/** all: every message of others; mentions: only those that mention the person; none: nothing. */
export const NOTIFY_LEVELS = ['all', 'mentions', 'none'] as const;

/** What of a channel raises a notification for one person. */
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];

/**
 * Whether a new message raises a notification: never one's own, never while the page is visible
 * (the person sees it), and otherwise as the level says.
 */
export function shouldNotify(input: {
  level: NotifyLevel;
  ownMessage: boolean;
  mentionsViewer: boolean;
  pageVisible: boolean;
}): boolean {
  if (input.ownMessage || input.pageVisible || input.level === 'none') return false;
  return input.level === 'all' || input.mentionsViewer;
}
