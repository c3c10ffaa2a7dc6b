// Docs: docs/polls.md — a channel's polls for its message list: ChatView subscribes them once
// (ChannelProviders: the channel's people and its polls) and each message row asks whether it
// carries one (PollSlot). A poll's id is
// the id of its message, so the card shows at the message's place in the stream. The card's code
// loads with the first poll shown (a channel without polls does not pay for it); until then the
// message's own text (the question and options) stands in.
import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from 'react';
import type { PollView } from '@seminar/shared';
import { useChannelPolls } from '../../data/polls';
import { ChatPeopleProvider, type ChatPeople } from '../chat/ChatPeople';
import { ChatReadOnlyContext, useChatReadOnly } from '../chat/readOnly';

const PollCard = lazy(() => import('./PollCard').then((module) => ({ default: module.PollCard })));

interface ChannelPollsValue {
  classId: string;
  channelId: string;
  canManage: boolean;
  polls: ReadonlyMap<string, PollView>;
}

const ChannelPollsContext = createContext<ChannelPollsValue | null>(null);

export function ChannelPollsProvider({
  classId,
  channelId,
  canManage,
  children,
}: {
  classId: string;
  channelId: string;
  canManage: boolean;
  children: ReactNode;
}) {
  const { rows } = useChannelPolls(classId, channelId);
  const value = useMemo(
    () => ({
      classId,
      channelId,
      canManage,
      polls: new Map(rows.map((poll) => [poll.id, poll])),
    }),
    [classId, channelId, canManage, rows],
  );
  return <ChannelPollsContext.Provider value={value}>{children}</ChannelPollsContext.Provider>;
}

/** The poll card of a message that carries a poll; otherwise `fallback` (the message's body). */
export function PollSlot({ messageId, fallback }: { messageId: string; fallback: ReactNode }) {
  const context = useContext(ChannelPollsContext);
  const readOnly = useChatReadOnly();
  const poll = context?.polls.get(messageId);
  if (!context || !poll) return <>{fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <PollCard
        poll={poll}
        classId={context.classId}
        channelId={context.channelId}
        canManage={context.canManage}
        readOnly={readOnly}
      />
    </Suspense>
  );
}

/**
 * What the open channel's rows read: its people (ChatPeople.tsx), its polls, and whether nothing
 * can be changed there (an archived class, chat/readOnly.ts).
 */
export function ChannelProviders({
  people,
  polls,
  readOnly = false,
  children,
}: {
  people: ChatPeople;
  polls: { classId: string; channelId: string; canManage: boolean };
  readOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <ChatPeopleProvider value={people}>
      <ChatReadOnlyContext.Provider value={readOnly}>
        <ChannelPollsProvider {...polls}>{children}</ChannelPollsProvider>
      </ChatReadOnlyContext.Provider>
    </ChatPeopleProvider>
  );
}
