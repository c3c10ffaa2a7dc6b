// The colour mode menu (Light, Dark, System), loaded when the colour mode button is first used: the
// signed-out pages do not load menus (and their popovers) before someone asks for one.
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { COLOR_MODES, type ColorMode } from '@seminar/shared';
import { COLOR_MODE_ICONS, COLOR_MODE_LABELS } from './colorModeIcons';

export function ColorModeMenu({
  id,
  buttonId,
  anchor,
  mode,
  onChoose,
  onClose,
}: {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  mode: ColorMode;
  onChoose: (mode: ColorMode) => void;
  onClose: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
    >
      {COLOR_MODES.map((option) => {
        const Icon = COLOR_MODE_ICONS[option];
        const checked = option === mode;
        return (
          <MenuItem
            key={option}
            role="menuitemradio"
            selected={checked}
            aria-checked={checked}
            onClick={() => onChoose(option)}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{COLOR_MODE_LABELS[option]}</ListItemText>
            <CheckIcon
              fontSize="small"
              aria-hidden
              sx={{ ml: 2, visibility: checked ? 'visible' : 'hidden' }}
            />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
