// Docs: docs/channels.md#outbox — a channel's unsent messages from the local outbox, shown at once
// after a reload while the class or its channels are still loading (with no connection they cannot
// load): the person sees that what they wrote is kept and will be sent. The open channel shows the
// same rows in its message list once it is there (ChatView, useOutbox).
import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { displayName } from '@seminar/shared';
import { useSession } from '../../auth/session';
import { useConnectionState } from '../../data/connection';
import { Markdown } from './markdown';
import { readOutbox } from './outbox';

/**
 * The kept messages of `channelId` in `classId`, oldest first, or `fallback` (nothing unless given)
 * when there are none.
 */
export function KeptMessages({
  classId,
  channelId,
  fallback = null,
}: {
  classId: string;
  channelId: string;
  fallback?: ReactNode;
}) {
  const { user } = useSession();
  const connection = useConnectionState();
  const uid = user?.id ?? '';
  const kept = useMemo(
    () =>
      uid
        ? readOutbox(uid).filter(
            (entry) => entry.class_id === classId && entry.channel_id === channelId,
          )
        : [],
    [uid, classId, channelId],
  );
  if (kept.length === 0) return fallback;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        Your unsent messages
      </Typography>
      <Box role="log" aria-label="Messages" aria-live="off" sx={{ display: 'grid', gap: 1 }}>
        {kept.map((entry) => (
          <Box key={entry.id} sx={{ opacity: 0.7 }}>
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {displayName(entry.author_name) || 'You'}
            </Typography>
            <Markdown text={entry.body} />
            {entry.attachments?.length ? (
              <Typography variant="caption" sx={{ display: 'block' }}>
                {entry.attachments.map((file) => file.name).join(', ')}
              </Typography>
            ) : null}
            <Typography
              variant="caption"
              role="status"
              sx={{ color: 'text.secondary', display: 'block' }}
            >
              {connection === 'open' ? 'Sending…' : 'Sending when the connection is back…'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
