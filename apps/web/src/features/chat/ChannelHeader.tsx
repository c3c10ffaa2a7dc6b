// An open channel's header: Back (narrow screens), the channel's name with its public or private
// icon, and — once the first content has shown (shell/firstContent.ts) — who is online, the
// Notifications menu, Members and, for instructors, the channel's settings.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GroupIcon from '@mui/icons-material/Group';
import LockIcon from '@mui/icons-material/Lock';
import SettingsIcon from '@mui/icons-material/Settings';
import TagIcon from '@mui/icons-material/Tag';
import type { ChannelView, NotifyLevel } from '@seminar/shared';
import { OnlinePeople } from './ChannelPresence';
import { NotifyMenu } from './NotifyMenu';

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
}: ChannelHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        minHeight: 52,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {onBack ? (
        <IconButton aria-label="Back to channels" onClick={onBack} edge="start">
          <ArrowBackIcon />
        </IconButton>
      ) : null}
      {channel.is_public ? (
        <TagIcon fontSize="small" aria-hidden />
      ) : (
        <LockIcon fontSize="small" titleAccess="Private channel" />
      )}
      <Typography
        component="h2"
        variant="subtitle1"
        sx={{
          fontWeight: 600,
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {title}
      </Typography>
      {controlsShown ? (
        <>
          <OnlinePeople classId={classId} channelId={channel.channel_id} viewerUid={viewerUid} />
          <NotifyMenu level={channel.notify} onChange={onNotifyChange} />
          <IconButton aria-label="Members" onClick={onOpenMembers}>
            <GroupIcon />
          </IconButton>
          {onOpenSettings ? (
            <IconButton aria-label="Channel settings" onClick={onOpenSettings}>
              <SettingsIcon />
            </IconButton>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
