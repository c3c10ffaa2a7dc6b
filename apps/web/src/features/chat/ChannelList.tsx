// The channel list of a class: unread badges, the viewer's own channel marked, private channels
// with a lock, disabled ones greyed (only instructors and admins see those, SPEC §4).
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Hint } from '../common/Hint';
import Typography from '@mui/material/Typography';

import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import TagIcon from '@mui/icons-material/Tag';
import type { ChannelView } from '@seminar/shared';
import { visuallyHidden } from './a11y';
import { channelTitle } from '../../data/channels';
import { mentionWords, unreadBadge, unreadCount, unreadWords } from './unread';

export interface ChannelListProps {
  channels: readonly ChannelView[];
  selectedId: string | null;
  onSelect: (channelId: string) => void;
  /** Ids written optimistically and not yet confirmed. */
  pendingIds?: ReadonlySet<string>;
}

export function ChannelList({ channels, selectedId, onSelect, pendingIds }: ChannelListProps) {
  return (
    <List dense aria-label="Channels" sx={{ py: 0 }}>
      {channels.map((channel) => {
        const selected = channel.channel_id === selectedId;
        // The open channel is read as it is shown.
        const unread = selected ? 0 : unreadCount(channel);
        // Mentions of the viewer among the unread, counted apart (an "@" badge).
        const mentions = selected ? 0 : Math.min(channel.mention_count, unread);
        const title = channelTitle(channel);
        return (
          <li key={channel.channel_id}>
            <ListItemButton
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              data-channel-id={channel.channel_id}
              onClick={() => onSelect(channel.channel_id)}
              sx={{ opacity: channel.enabled ? 1 : 0.6, borderRadius: 1, mx: 0.5 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                {channel.is_public ? (
                  <TagIcon fontSize="small" aria-hidden />
                ) : (
                  <Hint title="Private channel">
                    <LockIcon fontSize="small" aria-hidden />
                  </Hint>
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Box
                      component="span"
                      sx={{
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        fontWeight: unread > 0 ? 700 : undefined,
                      }}
                    >
                      {title}
                    </Box>
                    {channel.is_own ? (
                      <PersonIcon fontSize="inherit" aria-hidden sx={{ color: 'primary.main' }} />
                    ) : null}
                  </Box>
                }
                secondary={
                  <>
                    {!channel.is_public ? <span style={visuallyHidden}>Private. </span> : null}
                    {channel.is_own ? <span>Your channel</span> : null}
                    {channel.is_own && !channel.enabled ? ' · ' : null}
                    {!channel.enabled ? <span>Disabled</span> : null}
                    {pendingIds?.has(channel.channel_id) ? <span> · Saving…</span> : null}
                  </>
                }
                slotProps={{
                  primary: { component: 'span' },
                  secondary: { component: 'span', variant: 'caption' },
                }}
              />
              {mentions > 0 ? (
                <Badge
                  color="warning"
                  badgeContent={`@${unreadBadge(mentions)}`}
                  data-testid="mention-badge"
                  sx={{ mr: 0.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                  slotProps={{ badge: { 'aria-hidden': true } }}
                >
                  <span style={visuallyHidden}>{mentionWords(mentions)}, </span>
                </Badge>
              ) : null}
              {unread > 0 ? (
                <Badge
                  color="primary"
                  badgeContent={unreadBadge(unread)}
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                  slotProps={{ badge: { 'aria-hidden': true } }}
                >
                  <span style={visuallyHidden}>{unreadWords(unread)}</span>
                </Badge>
              ) : null}
            </ListItemButton>
          </li>
        );
      })}
      {channels.length === 0 ? (
        <Typography component="li" variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
          No channels yet.
        </Typography>
      ) : null}
    </List>
  );
}
