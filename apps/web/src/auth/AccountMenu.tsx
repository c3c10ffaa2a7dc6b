// The app bar's account menu: an avatar with the user's initials opening a menu with their name
// (SPEC §3 name helper: 'Last, First' shown as 'First Last'), e-mail and "Sign out".
import { useId, useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import { Hint } from '../features/common/Hint';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { displayName, splitName } from '@seminar/shared';
import { toAuthError } from './authApi';
import { useSession, useSignOut } from './session';

/** Up to two initials: first and last name, else the first letter of the name or e-mail. */
export function initialsOf(name: unknown, email: string): string {
  const { lastName, firstName } = splitName(name);
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  if (firstName && lastName) return `${first(firstName)}${first(lastName)}`.toUpperCase();
  // No comma: 'Ada Lovelace' as typed — first and last word.
  const words = (firstName || lastName).split(/\s+/).filter(Boolean);
  if (words.length > 1) return `${first(words[0] ?? '')}${first(words.at(-1) ?? '')}`.toUpperCase();
  if (words.length === 1) return first(words[0] ?? '').toUpperCase();
  return first(email).toUpperCase() || '?';
}

export function AccountMenu() {
  const { user } = useSession();
  const { signOut } = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  if (!user) return null;
  const name = displayName(user.name);
  const initials = initialsOf(user.name, user.email);

  const close = () => setAnchor(null);
  const onSignOut = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      // The signed-in layout then shows Sign in.
      await signOut();
    } catch (failure) {
      setPending(false);
      close();
      setError(toAuthError(failure).message);
    }
  };

  return (
    <>
      <Hint title="Account">
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label="Account"
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          {/* The initials are drawn by CSS, not text: the button's name stays "Account" (a visible
              text missing from the name would fail WCAG 2.5.3 "Label in Name"). */}
          <Avatar
            aria-hidden
            sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}
          >
            <Box
              component="span"
              data-initials={initials}
              sx={{ '&::before': { content: 'attr(data-initials)' } }}
            />
          </Avatar>
        </IconButton>
      </Hint>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 320 }}>
          {name && (
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem disabled={pending} onClick={() => void onSignOut()}>
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
          if (reason !== 'clickaway') setError(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setError(null)}>
          {error}
        </Alert>
      </Snackbar>
    </>
  );
}
