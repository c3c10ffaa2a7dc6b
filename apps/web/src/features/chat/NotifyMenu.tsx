// Docs: docs/channels.md#notifications — the open channel's notification level (the viewer's own,
// kept on the server): every message, mentions only, or nothing. Choosing one that notifies is the
// moment the browser's permission is asked for (never on load); the menu says when it is blocked.
import { lazy, Suspense, useState } from 'react';
import type { NotifyLevel } from '@seminar/shared';
import { frameClass } from './channelFrameStyles';
import { FRAME_ICONS, FrameIconButton } from './FrameIcon';
import { askNotificationPermission } from './useChatSignals';

const NotifyLevelsMenu = lazy(() => import('./NotifyLevelsMenu'));

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
  // The menu is built (its chunk loaded) when first opened.
  const [opened, setOpened] = useState(false);
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
      <FrameIconButton
        label="Notifications"
        icon={level === 'none' ? FRAME_ICONS.notificationsOff : FRAME_ICONS.notifications}
        className={frameClass.button}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setPermission(permissionOf());
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      />
      {opened ? (
        <Suspense fallback={null}>
          <NotifyLevelsMenu
            anchor={anchor}
            level={level}
            permission={permission}
            onClose={() => setAnchor(null)}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
