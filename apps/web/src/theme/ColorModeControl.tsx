// The app bar's colour mode control: an icon button opening a menu of Light / Dark / System.
import { useId, useState, type MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import { COLOR_MODES, type ColorMode } from '@seminar/shared';
import { useColorMode } from './ColorModeProvider';

const LABELS: Record<ColorMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICONS = {
  light: LightModeIcon,
  dark: DarkModeIcon,
  system: SettingsBrightnessIcon,
} satisfies Record<ColorMode, unknown>;

export function ColorModeControl() {
  const { mode, setMode } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const CurrentIcon = ICONS[mode];

  const close = () => setAnchor(null);
  const choose = (next: ColorMode) => {
    setMode(next);
    close();
  };

  return (
    <>
      <Tooltip title="Colour mode">
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label="Colour mode"
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <CurrentIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        {COLOR_MODES.map((option) => {
          const Icon = ICONS[option];
          const checked = option === mode;
          return (
            <MenuItem
              key={option}
              role="menuitemradio"
              selected={checked}
              aria-checked={checked}
              onClick={() => choose(option)}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{LABELS[option]}</ListItemText>
              <CheckIcon
                fontSize="small"
                aria-hidden
                sx={{ ml: 2, visibility: checked ? 'visible' : 'hidden' }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
