// Docs: docs/channels.md#notifications — the open channel's notification level (the viewer's own,
// kept on the server): every message, mentions only, or nothing. Choosing one that notifies is the
// moment the browser's permission is asked for (never on load); the menu says when it is blocked.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import type { NotifyLevel } from '@seminar/shared';
import { askNotificationPermission } from './useChatSignals';

const LEVELS: Array<{ level: NotifyLevel; label: string }> = [
  { level: 'all', label: 'All new messages' },
  { level: 'mentions', label: 'Only mentions of me' },
  { level: 'none', label: 'Nothing' },
];

const permissionOf = () =>
  typeof Notification === 'undefined' ? 'denied' : Notification.permission;

/** The "Notifications" button of a channel's header and its menu of levels. */
export function NotifyMenu({
  level,
  onChange,
}: {
  level: NotifyLevel;
  onChange: (level: NotifyLevel) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Read when the menu opens (the only place it shows), not on every mount: asking the browser for
  // it is not free, and the header mounts with each channel.
  const [permission, setPermission] = useState<NotificationPermission>('default');
  const choose = (next: NotifyLevel) => {
    setAnchor(null);
    if (next !== level) onChange(next);
    // The click is the sensible moment to ask (a user gesture), and only when it was never asked.
    if (next !== 'none')
      void askNotificationPermission().finally(() => setPermission(permissionOf()));
  };
  return (
    <>
      <IconButton
        aria-label="Notifications"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setPermission(permissionOf());
          setAnchor(event.currentTarget);
        }}
      >
        {level === 'none' ? <NotificationsOffIcon /> : <NotificationsIcon />}
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Notify me about' } }}
      >
        {LEVELS.map((item) => (
          <MenuItem
            key={item.level}
            role="menuitemradio"
            aria-checked={item.level === level}
            onClick={() => choose(item.level)}
          >
            <ListItemIcon>
              {item.level === level ? <CheckIcon fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
        {permission === 'denied' && level !== 'none' ? (
          <Typography
            component="li"
            variant="caption"
            sx={{ display: 'block', px: 2, py: 1, maxWidth: 260, color: 'text.secondary' }}
          >
            This browser blocks notifications from this site; allow them in its site settings.
          </Typography>
        ) : null}
      </Menu>
    </>
  );
}
