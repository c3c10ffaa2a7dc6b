// Who is online (the channel header's avatars) and who is typing (the line above the composer), each
// its own component reading the channel's live notices: a typing notice, and the recency clock that
// ticks every second while one exists, re-render only these, never the open channel or its message
// list (docs/channels.md#typing-and-online).
import { useEffect, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import { Hint } from '../common/Hint';
import type { ChannelNotificationView } from '@seminar/shared';
import { initialsOf } from '../../auth/AccountMenu';
import { useNotifications } from '../../data/channels';
import { useServerOffset } from '../../live/serverTime';
import { frameClass } from './channelFrameStyles';
import { onlineLabel, recentNames, typingLine, useRecencyClock } from './presence';
import { newlyTyping, startedTypingText } from './announcements';
import { useAnnouncer } from './LiveAnnouncer';

export interface ChannelPresenceProps {
  classId: string;
  channelId: string;
  viewerUid: string;
}

/** The names with a recent notice of `type` in the channel (not the viewer's), kept current. */
function usePresentNames(
  { classId, channelId, viewerUid }: ChannelPresenceProps,
  type: ChannelNotificationView['type'],
): string[] {
  // One server subscription per channel however many components read it (the live query hub).
  const notices = useNotifications(classId, channelId);
  const offset = useServerOffset();
  const now = useRecencyClock(notices.rows);
  return recentNames(notices.rows, type, viewerUid, now, offset);
}

/** The avatars of who else is online in the channel, labelled "Online: …". */
export function OnlinePeople(props: ChannelPresenceProps) {
  const names = usePresentNames(props, 'user_online');
  return (
    <div role="group" aria-label={onlineLabel(names)} className={frameClass.online}>
      {names.length > 0 ? (
        // describeChild: the group has the name; a label on the avatars' div is not allowed (axe).
        <Hint title={onlineLabel(names)} describeChild>
          <AvatarGroup
            max={4}
            sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: '0.75rem' } }}
          >
            {names.map((name, index) => (
              <Avatar key={`${name}-${index}`} aria-hidden sx={{ bgcolor: 'success.main' }}>
                {initialsOf(name, '')}
              </Avatar>
            ))}
          </AvatarGroup>
        </Hint>
      ) : null}
    </div>
  );
}

/**
 * "Ada is typing…", empty while nobody else types. The line itself is not a live region (it changes
 * as people start and stop, and would be read each time): a hidden one says "Ada started typing" once
 * when Ada starts, and again only after she has stopped (docs/accessibility.md#live-regions).
 */
export function TypingLine(props: ChannelPresenceProps) {
  const names = usePresentNames(props, 'user_typing');
  const typing = typingLine(names);
  const { region, announce } = useAnnouncer();
  // Who was typing when the line appeared is not news: the channel was just opened.
  const before = useRef<readonly string[] | null>(null);
  const key = names.join('\u0000');
  useEffect(() => {
    const now = key === '' ? [] : key.split('\u0000');
    const started = before.current === null ? [] : newlyTyping(before.current, now);
    before.current = now;
    if (started.length > 0) announce(startedTypingText(started));
  }, [key, announce]);
  return (
    <div className={frameClass.typing}>
      {typing ?? ''}
      {region}
    </div>
  );
}
