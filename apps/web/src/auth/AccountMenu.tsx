// The app bar's account menu: an avatar with the user's initials opening a menu with their name
// (SPEC §3 name helper: 'Last, First' shown as 'First Last'), e-mail and "Sign out". The button is
// plain (shell/appBar.css), drawn as MUI's IconButton and Avatar; the menu (MUI) loads when opened.
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { Hint } from '../features/common/Hint';
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

const AccountMenuPopup = lazy(() => import('./AccountMenuPopup'));

export function AccountMenu() {
  const { user } = useSession();
  const { signOut } = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is built (its chunk loaded) when first opened.
  const [opened, setOpened] = useState(false);
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
        <button
          type="button"
          id={buttonId}
          className="sm-icon-button sm-account-button"
          aria-label="Account"
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
        >
          {/* The initials are drawn by CSS, not text: the button's name stays "Account" (a visible
              text missing from the name would fail WCAG 2.5.3 "Label in Name"). */}
          <span aria-hidden className="sm-avatar" data-initials={initials} />
        </button>
      </Hint>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuPopup
            menuId={menuId}
            buttonId={buttonId}
            anchor={anchor}
            name={name}
            email={user.email}
            pending={pending}
            error={error}
            onClose={close}
            onSignOut={() => void onSignOut()}
            onErrorClose={() => setError(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
