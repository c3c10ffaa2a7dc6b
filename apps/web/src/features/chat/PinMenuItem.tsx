// Docs: docs/activities.md#case-brief-and-pins — "Pin message" / "Unpin message" in a message's
// "Message actions" menu, for instructors and class admins. It reads the channel's pins (the same
// live query as the pinned bar, shared) and the viewer's role from the data layer, so the memoized
// list and rows carry nothing for it; it renders only while the menu is open.
import MenuItem from '@mui/material/MenuItem';
import { can, type Message } from '@seminar/shared';
import { usePinActions, usePins } from '../../data/caseBrief';
import { useMyClasses } from '../../data/classes';

export function PinMenuItem({ message, onClose }: { message: Message; onClose: () => void }) {
  const classes = useMyClasses();
  const role = classes.rows.find((row) => row.class_id === message.class_id)?.my_role;
  const pins = usePins(message.class_id, message.channel_id);
  const actions = usePinActions(message.class_id, message.channel_id);
  if (!can(role, 'messages.pin') || message.deleted) return null;
  const pinned = pins.rows.some((pin) => pin.message_id === message.id);
  return (
    <MenuItem
      onClick={() => {
        onClose();
        void actions.set(message, !pinned);
      }}
    >
      {pinned ? 'Unpin message' : 'Pin message'}
    </MenuItem>
  );
}
