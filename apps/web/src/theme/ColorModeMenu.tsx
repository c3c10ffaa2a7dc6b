// The colour mode menu (Light, Dark, System), loaded when the colour mode button is first used: the
// signed-out pages do not load MUI (menus, popovers, the theme) before someone asks for one. It
// brings its own theme so it is drawn in the current mode on pages without the MUI theme.
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { COLOR_MODES, type ColorMode } from '@seminar/shared';
import { AppThemeProvider } from './AppThemeProvider';
import { ColorModeIcon, COLOR_MODE_LABELS } from './colorModeIcons';

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
    <AppThemeProvider>
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
                <ColorModeIcon mode={option} small />
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
    </AppThemeProvider>
  );
}
