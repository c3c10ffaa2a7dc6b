// Docs: docs/channels.md#mentions — a class's unread messages and mentions of the viewer, on its card
// in My classes (the class page's Chat tab has its own badge).
import Chip from '@mui/material/Chip';
import { visuallyHidden } from '../chat/a11y';
import { useChannels } from '../../data/channels';
import { mentionWords, totalMentions, totalUnread, unreadBadge, unreadWords } from '../chat/unread';

/**
 * The most classes My classes follows live for their counts: each is one live query on the socket
 * (bounded per socket), shared with the class page when it is opened.
 */
export const MAX_CLASSES_WITH_COUNTS = 24;

/**
 * Chips with a class's unread messages and unread mentions of the viewer, live; nothing while
 * loading, on an error (a class the viewer just left), or when there is nothing new.
 */
export function ClassAttention({ classId }: { classId: string }) {
  const channels = useChannels(classId);
  if (channels.status !== 'ready') return null;
  const unread = totalUnread(channels.rows);
  const mentions = totalMentions(channels.rows);
  return (
    <>
      {mentions > 0 && (
        <Chip
          size="small"
          color="primary"
          label={<Words shown={`@${unreadBadge(mentions)}`} read={mentionWords(mentions)} />}
          data-testid="class-card-mentions"
        />
      )}
      {unread > 0 && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={<Words shown={`${unreadBadge(unread)} new`} read={unreadWords(unread)} />}
        />
      )}
    </>
  );
}

/** Short text for the eye, whole words for screen readers (a chip is no place for aria-label). */
function Words({ shown, read }: { shown: string; read: string }) {
  return (
    <>
      <span aria-hidden>{shown}</span>
      <span style={visuallyHidden}>{read}</span>
    </>
  );
}
