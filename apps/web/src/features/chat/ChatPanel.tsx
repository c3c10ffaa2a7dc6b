// Placeholder: the chat work replaces this file with the channel list and chat view.
import Typography from '@mui/material/Typography';

/** The chat of a class: channel list and the selected channel's conversation. */
export function ChatPanel({ classId }: { classId: string }) {
  return <Typography data-class-id={classId}>Chat is coming.</Typography>;
}
