// The account menu's menu and its error message, a chunk of their own (AccountMenu.tsx): loaded
// when the menu is first opened, so MUI's Menu and Snackbar are not in a signed-in page's first load.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Link as RouterLink } from 'react-router';
import { useIsSiteAdmin } from '../data/users';
import { PATHS } from '../routes/paths';

export default function AccountMenuPopup({
  menuId,
  buttonId,
  anchor,
  name,
  email,
  pending,
  error,
  onClose,
  onSignOut,
  onErrorClose,
}: {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  name: string;
  email: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSignOut: () => void;
  onErrorClose: () => void;
}) {
  const isSiteAdmin = useIsSiteAdmin();
  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 320 }}>
          {name && (
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={PATHS.notificationSettings} onClick={onClose}>
          <ListItemIcon>
            <NotificationsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Notification settings</ListItemText>
        </MenuItem>
        {isSiteAdmin && (
          <MenuItem component={RouterLink} to={PATHS.admin} onClick={onClose}>
            <ListItemIcon>
              <AdminIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Site administration</ListItemText>
          </MenuItem>
        )}
        <MenuItem disabled={pending} onClick={onSignOut}>
          <ListItemIcon>
            {pending ? (
              <CircularProgress size={20} aria-label="Signing out" />
            ) : (
              <LogoutIcon fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText>Sign out</ListItemText>
        </MenuItem>
      </Menu>
      <Snackbar
        open={error !== null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onErrorClose();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={onErrorClose}>
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
