// Docs: docs/channels.md#channel-names — a channel's name is unique in its class, ignoring case and
// the spaces around it. The server refuses a clash (and a unique index backs it); the web's channel
// dialogs say so before submit. Both call these functions.

/** A channel as the name rule reads it. */
export interface NamedChannel {
  channel_id: string;
  name: string;
  deleted?: boolean;
}

/**
 * The key two channel names clash on: trimmed and lower-cased ('' for a blank or non-text name,
 * which never clashes: a channel without a name is shown by its id).
 *
 * @example channelNameKey('  General ') // 'general'
 */
export function channelNameKey(name: unknown): string {
  return typeof name === 'string' ? name.trim().toLowerCase() : '';
}

/**
 * The channel among `channels` whose name clashes with `name`, or null. Deleted channels free their
 * name; `exceptChannelId` is the channel being renamed (keeping or re-casing its own name is fine).
 */
export function findChannelNameClash<Channel extends NamedChannel>(
  name: string,
  channels: Iterable<Channel>,
  exceptChannelId?: string,
): Channel | null {
  const key = channelNameKey(name);
  if (key === '') return null;
  for (const channel of channels) {
    if (channel.deleted === true || channel.channel_id === exceptChannelId) continue;
    if (channelNameKey(channel.name) === key) return channel;
  }
  return null;
}

/** What a person is told when a name is taken; names the channel it clashes with. */
export function channelNameClashMessage(existingName: string): string {
  return `A channel named “${existingName.trim()}” already exists in this class. Choose another name.`;
}
