// Docs: docs/channels.md#mentions — who the open channel's people are, for mentions (the composer's
// picker, a mention shown by the person's current name) and reactions (who reacted). One context
// for the channel, so a memoized message reads names without them being passed down the list.
import { useCaseActivity } from '../../data/phases';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  can,
  displayName,
  hasInstructorPowers,
  type ChannelView,
  type RosterEntry,
} from '@seminar/shared';
import { useChannelMembers } from '../../data/channels';
import { useRoster } from '../../data/classes';
import { channelPeople, type ChannelPerson } from './channelPeople';

/** The open channel's people as its messages and composer need them. */
export interface ChatPeople {
  viewerUid: string;
  /** The current name of anyone in the class, by uid (undefined: not known here). */
  nameOf: (uid: string) => string | undefined;
  /** Who can be mentioned in this channel: its members and the class's staff, by name. */
  mentionable: ChannelPerson[];
  /** The viewer is an instructor of the class (`can(role, 'messages.mentionChannel')`). */
  canMentionChannel: boolean;
}

const ChatPeopleContext = createContext<ChatPeople>({
  viewerUid: '',
  nameOf: () => undefined,
  mentionable: [],
  canMentionChannel: false,
});

/** The people of the open channel (see ChatPeopleProvider). */
export function useChatPeople(): ChatPeople {
  return useContext(ChatPeopleContext);
}

/**
 * The channel's people from the class roster (live) and, for a private channel, its enrolled
 * members: everyone who sees the channel can be mentioned (instructors and class admins see every
 * channel, so they always can), and every class member's current name is known.
 */
export function buildChatPeople(
  viewerUid: string,
  channel: Pick<ChannelView, 'is_public' | 'channel_group'>,
  roster: readonly RosterEntry[],
  enrolled: Parameters<typeof channelPeople>[2],
): ChatPeople {
  const names = new Map<string, string>();
  for (const entry of roster) {
    if (entry.uid === null || names.has(entry.uid)) continue;
    const name = displayName(entry.name) || entry.email || '';
    if (name) names.set(entry.uid, name);
  }
  const { members } = channelPeople(channel, roster, enrolled);
  const byUid = new Map(members.map((person) => [person.uid, person]));
  for (const entry of roster) {
    if (entry.uid === null || byUid.has(entry.uid) || !entry.enabled || entry.deleted) continue;
    if (!hasInstructorPowers(entry.role) || entry.invited) continue;
    byUid.set(entry.uid, {
      uid: entry.uid,
      name: names.get(entry.uid) ?? 'Someone',
      email: entry.email,
      via: 'class',
    });
  }
  const mentionable = [...byUid.values()].sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
  const canMentionChannel = roster.some(
    (entry) =>
      entry.uid === viewerUid &&
      entry.enabled &&
      !entry.deleted &&
      can(entry.role, 'messages.mentionChannel'),
  );
  return { viewerUid, nameOf: (uid) => names.get(uid), mentionable, canMentionChannel };
}

/** The open channel's people, live (roster and enrolment); give it to ChatPeopleProvider. */
export function useChannelChatPeople(
  classId: string,
  channel: ChannelView,
  viewerUid: string,
): ChatPeople {
  const roster = useRoster(classId);
  const enrolled = useChannelMembers(classId, channel.channel_id, !channel.is_public);
  const activity = useCaseActivity(classId, channel.channel_id);
  const anonymous = activity?.anonymous === true;
  return useMemo(() => {
    const people = buildChatPeople(viewerUid, channel, roster.rows, enrolled.rows);
    return anonymous ? anonymousPeople(people, viewerUid, roster.rows) : people;
  }, [viewerUid, channel, roster.rows, enrolled.rows, anonymous]);
}

/**
 * In an anonymous activity's case channel a student may mention only staff: a pseudonym cannot be
 * mentioned, and offering classmates by name there would invite naming them
 * (docs/activities.md#anonymity). Staff keep everyone.
 */
export function anonymousPeople(
  people: ChatPeople,
  viewerUid: string,
  roster: readonly RosterEntry[],
): ChatPeople {
  const staff = new Set(
    roster
      .filter((entry) => entry.uid !== null && hasInstructorPowers(entry.role))
      .map((entry) => entry.uid),
  );
  if (staff.has(viewerUid)) return people;
  return { ...people, mentionable: people.mentionable.filter((person) => staff.has(person.uid)) };
}

/** Provides the open channel's people to its messages and composer. */
export function ChatPeopleProvider({
  value,
  children,
}: {
  value: ChatPeople;
  children: ReactNode;
}) {
  return <ChatPeopleContext.Provider value={value}>{children}</ChatPeopleContext.Provider>;
}
