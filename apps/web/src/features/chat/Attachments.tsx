// Docs: docs/channels.md#attachments — files on messages: the uploads waiting in the composer (with
// progress, and a way to remove each) and the files shown on a sent message (images as previews,
// everything as a download).
import { memo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { formatBytes, isPreviewableImage, type MessageAttachment } from '@seminar/shared';
import { attachmentUrl } from '../../data/attachments';

/** A file being attached in the composer. */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  /** 0…1 while sending. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
  attachment?: MessageAttachment;
}

/** The files attached in the composer, above the text box. */
export function PendingUploads({
  uploads,
  onRemove,
}: {
  uploads: readonly PendingUpload[];
  onRemove: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <Box component="ul" aria-label="Attached files" sx={{ listStyle: 'none', m: 0, p: 0, mb: 1 }}>
      {uploads.map((upload) => (
        <Box
          component="li"
          key={upload.key}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
        >
          <InsertDriveFileIcon fontSize="small" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {upload.name}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                ({formatBytes(upload.size)})
              </Box>
            </Typography>
            {upload.status === 'uploading' ? (
              <LinearProgress
                variant="determinate"
                value={Math.round(upload.progress * 100)}
                aria-label={`Uploading ${upload.name}`}
              />
            ) : upload.status === 'failed' ? (
              <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
                {upload.error}
              </Typography>
            ) : (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Ready to send
              </Typography>
            )}
          </Box>
          <IconButton
            size="small"
            aria-label={`Remove ${upload.name}`}
            onClick={() => onRemove(upload.key)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/** The files on a sent message: an image preview for images, a download link for every file. */
export const MessageAttachments = memo(function MessageAttachments({
  attachments,
}: {
  attachments: readonly MessageAttachment[];
}) {
  if (attachments.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Files"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5 }}
    >
      {attachments.map((file) => (
        <Box component="li" key={file.id} sx={{ maxWidth: 280 }}>
          {isPreviewableImage(file.type) ? (
            <Box
              component="img"
              src={attachmentUrl(file.id)}
              alt={file.name}
              loading="lazy"
              sx={{
                display: 'block',
                maxWidth: 240,
                maxHeight: 180,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
          ) : null}
          <Link
            href={attachmentUrl(file.id)}
            download={file.name}
            aria-label={`Download ${file.name}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'body2' }}
          >
            <DownloadIcon fontSize="inherit" aria-hidden />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              ({formatBytes(file.size)})
            </Box>
          </Link>
        </Box>
      ))}
    </Box>
  );
});
