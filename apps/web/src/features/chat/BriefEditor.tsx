// Docs: docs/activities.md#case-brief-and-pins — writing an activity's case brief: markdown as in
// messages (at most BRIEF_MAX_LENGTH characters) and files uploaded into the case channel through
// the attachment store. Saving shows the brief at once; a refusal keeps the dialog open with why.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import {
  BRIEF_MAX_ATTACHMENTS,
  BRIEF_MAX_LENGTH,
  formatBytes,
  type Activity,
  type MessageAttachment,
} from '@seminar/shared';
import { useBriefActions } from '../../data/caseBrief';
import { FormDialog } from '../common/FormDialog';
import { PendingUploads } from './Attachments';
import { useAttachmentUploads } from './useAttachmentUploads';

export function BriefEditor({
  classId,
  activity,
  open,
  onClose,
}: {
  classId: string;
  activity: Activity;
  open: boolean;
  onClose: () => void;
}) {
  const actions = useBriefActions(classId);
  const [text, setText] = useState(activity.brief);
  const [kept, setKept] = useState<MessageAttachment[]>(activity.brief_attachments);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const files = useAttachmentUploads(classId, activity.channel_id ?? '');
  const picker = useRef<HTMLInputElement>(null);

  // Each opening starts from the brief as it is now (someone else may have changed it).
  useEffect(() => {
    if (!open) return;
    setText(activity.brief);
    setKept(activity.brief_attachments);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open]);

  const tooLong = text.length > BRIEF_MAX_LENGTH;
  const fileCount = kept.length + files.uploads.length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLong || files.busy) return;
    setSaving(true);
    setError(null);
    const uploaded = files.take();
    void actions.save(activity, text, [...kept, ...uploaded]).then((outcome) => {
      setSaving(false);
      if (outcome.ok) onClose();
      else {
        setError(outcome.message);
        // The uploads stay the editor's: they are on no brief yet.
        setKept((list) => [...list, ...uploaded]);
      }
    });
  };

  return (
    <FormDialog
      open={open}
      title={`Case brief: ${activity.title}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      submitLabel="Save brief"
      // Saving waits for the files still uploading (the button shows it is busy).
      submitting={saving || files.busy}
      maxWidth="md"
    >
      <TextField
        label="Case brief"
        multiline
        minRows={8}
        maxRows={20}
        fullWidth
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={tooLong}
        helperText={
          tooLong
            ? `A case brief can be at most ${BRIEF_MAX_LENGTH.toLocaleString('en-US')} characters (${text.length.toLocaleString('en-US')} now).`
            : 'Markdown as in messages: **bold**, *italic*, lists, links, `code`. Students see it at the top of the case channel.'
        }
      />
      <Box sx={{ mt: 2 }}>
        {kept.length > 0 ? (
          <Box
            component="ul"
            aria-label="Files of the brief"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {kept.map((file) => (
              <Box
                component="li"
                key={file.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
              >
                <InsertDriveFileIcon fontSize="small" aria-hidden />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {file.name}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    ({formatBytes(file.size)})
                  </Box>
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setKept((list) => list.filter((item) => item.id !== file.id))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : null}
        <PendingUploads uploads={files.uploads} onRemove={files.remove} />
        {activity.channel_id ? (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              aria-hidden
              tabIndex={-1}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                files.attach(chosen.slice(0, Math.max(0, BRIEF_MAX_ATTACHMENTS - fileCount)));
              }}
            />
            <Button
              size="small"
              startIcon={<AttachFileIcon />}
              onClick={() => picker.current?.click()}
              disabled={fileCount >= BRIEF_MAX_ATTACHMENTS}
            >
              Attach file
            </Button>
          </>
        ) : null}
      </Box>
    </FormDialog>
  );
}
