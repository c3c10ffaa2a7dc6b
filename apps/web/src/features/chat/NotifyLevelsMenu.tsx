// The menu of NotifyMenu's levels, a chunk of its own: loaded when the menu is first opened (or once
// the page is idle, lazyRowMenus.ts), so MUI's Menu is not in the chat page's first load.
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import type { NotifyLevel } from '@seminar/shared';

const LEVELS: Array<{ level: NotifyLevel; label: string }> = [
  { level: 'all', label: 'All new messages' },
  { level: 'mentions', label: 'Only mentions of me' },
  { level: 'none', label: 'Nothing' },
];

export default function NotifyLevelsMenu({
  anchor,
  level,
  permission,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  level: NotifyLevel;
  permission: NotificationPermission;
  onClose: () => void;
  onChoose: (level: NotifyLevel) => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': 'Notify me about' } }}
    >
      {LEVELS.map((item) => (
        <MenuItem
          key={item.level}
          role="menuitemradio"
          aria-checked={item.level === level}
          onClick={() => onChoose(item.level)}
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
  );
}
