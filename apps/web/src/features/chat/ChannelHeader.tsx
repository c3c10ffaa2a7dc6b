// An open channel's header: Back (narrow screens), the channel's name with its public or private
// icon, and — once the first content has shown (shell/firstContent.ts) — who is online, the
// Notifications menu, Members and, for instructors, the channel's settings. Plain elements styled
// by the channel's frame (channelFrameStyles.ts), not MUI components. The buttons after the name
// are a toolbar, "Channel tools": one Tab stop, arrows between them (RovingToolbar.tsx).
import type { ReactNode } from 'react';
import type { ChannelView, NotifyLevel } from '@seminar/shared';
import { OnlinePeople } from './ChannelPresence';
import { frameClass } from './channelFrameStyles';
import { FRAME_ICONS, FrameIcon, FrameIconButton } from './FrameIcon';
import { NotifyMenu } from './NotifyMenu';
import { RovingToolbar } from './RovingToolbar';

export interface ChannelHeaderProps {
  classId: string;
  channel: ChannelView;
  title: string;
  viewerUid: string;
  /** false: only the name, the buttons' space kept (the messages come first). */
  controlsShown: boolean;
  onBack?: (() => void) | undefined;
  onNotifyChange: (level: NotifyLevel) => void;
  onOpenMembers: () => void;
  /** Shown when given: the channel's settings (instructors). */
  onOpenSettings?: (() => void) | undefined;
  /** More controls before the notifications menu (staff: "New poll", "Cold-call"). */
  extra?: ReactNode;
}

/** The header of an open channel; see the file header. */
export function ChannelHeader({
  classId,
  channel,
  title,
  viewerUid,
  controlsShown,
  onBack,
  onNotifyChange,
  onOpenMembers,
  onOpenSettings,
  extra,
}: ChannelHeaderProps) {
  return (
    <div className={frameClass.header}>
      {onBack ? (
        <FrameIconButton
          label="Back to channels"
          icon={FRAME_ICONS.arrowBack}
          className={`${frameClass.button} ${frameClass.buttonStart}`}
          onClick={onBack}
        />
      ) : null}
      {channel.is_public ? (
        <FrameIcon path={FRAME_ICONS.tag} className={frameClass.kindIcon} />
      ) : (
        <FrameIcon
          path={FRAME_ICONS.lock}
          className={frameClass.kindIcon}
          title="Private channel"
        />
      )}
      <h2 className={frameClass.title}>{title}</h2>
      {controlsShown ? (
        <>
          <OnlinePeople classId={classId} channelId={channel.channel_id} viewerUid={viewerUid} />
          <RovingToolbar label="Channel tools" className={frameClass.tools}>
            {extra}
            <NotifyMenu level={channel.notify} onChange={onNotifyChange} />
            <FrameIconButton
              label="Members"
              icon={FRAME_ICONS.group}
              className={frameClass.button}
              onClick={onOpenMembers}
            />
            {onOpenSettings ? (
              <FrameIconButton
                label="Channel settings"
                icon={FRAME_ICONS.settings}
                className={frameClass.button}
                onClick={onOpenSettings}
              />
            ) : null}
          </RovingToolbar>
        </>
      ) : null}
    </div>
  );
}
