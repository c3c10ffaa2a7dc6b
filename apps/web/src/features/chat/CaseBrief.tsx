// Docs: docs/activities.md#case-brief-and-pins — an activity's case brief, pinned at the top of its
// case channel: markdown as in messages, with its files. Folded away or not is remembered per person
// and activity in this browser (briefCollapsedKey). Instructors and class admins write it here.
import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { briefCollapsedKey, type Activity } from '@seminar/shared';
import { MessageAttachments } from './Attachments';
import { Markdown } from './markdown';

// The editor (a dialog with uploads) loads when first opened.
const BriefEditor = lazy(() =>
  import('./BriefEditor').then((module) => ({ default: module.BriefEditor })),
);

function readCollapsed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeCollapsed(key: string, collapsed: boolean): void {
  try {
    if (collapsed) window.localStorage.setItem(key, '1');
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or off: the brief just opens unfolded next time.
  }
}

export function CaseBrief({
  classId,
  activity,
  viewerUid,
  canEdit,
}: {
  classId: string;
  activity: Activity;
  viewerUid: string;
  canEdit: boolean;
}) {
  const storageKey = briefCollapsedKey(viewerUid, activity.activity_id);
  const [collapsed, setCollapsed] = useState(() => readCollapsed(storageKey));
  const [editing, setEditing] = useState(false);
  const [editorBuilt, setEditorBuilt] = useState(false);
  const bodyId = useId();
  const hasBrief = activity.brief.trim() !== '' || activity.brief_attachments.length > 0;
  if (!hasBrief && !canEdit) return null;

  const toggle = () => {
    setCollapsed((was) => {
      writeCollapsed(storageKey, !was);
      return !was;
    });
  };
  const openEditor = () => {
    setEditorBuilt(true);
    setEditing(true);
  };

  return (
    <Box
      component="section"
      aria-label="Case brief"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        // Paper, not a tint: its links keep their contrast (axe) in both modes.
        bgcolor: 'background.paper',
        borderLeft: 3,
        borderLeftColor: 'primary.main',
        flexShrink: 0,
      }}
    >
      {hasBrief ? (
        <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <ButtonBase
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            sx={{
              flex: 1,
              minWidth: 0,
              justifyContent: 'flex-start',
              gap: 1,
              px: 1.5,
              py: 0.75,
              typography: 'body2',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <DescriptionOutlinedIcon fontSize="small" aria-hidden />
            <Box component="span" sx={{ fontWeight: 500 }}>
              Case brief
            </Box>
            <Box
              component="span"
              sx={{
                color: 'text.secondary',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {activity.title}
            </Box>
            {collapsed ? (
              <ExpandMoreIcon fontSize="small" aria-hidden sx={{ ml: 'auto' }} />
            ) : (
              <ExpandLessIcon fontSize="small" aria-hidden sx={{ ml: 'auto' }} />
            )}
          </ButtonBase>
          {canEdit ? (
            <Button size="small" onClick={openEditor}>
              Edit brief
            </Button>
          ) : null}
        </Box>
      ) : (
        <Box sx={{ px: 1, py: 0.5 }}>
          <Button size="small" startIcon={<DescriptionOutlinedIcon />} onClick={openEditor}>
            Add a case brief
          </Button>
        </Box>
      )}
      {hasBrief && !collapsed ? (
        <Box
          id={bodyId}
          sx={{
            px: 2,
            pb: 1,
            // A long brief scrolls within a third of the screen, so the discussion stays in view.
            maxHeight: { xs: '30vh', md: '40vh' },
            overflowY: 'auto',
            typography: 'body2',
            '& p': { my: 0.5, whiteSpace: 'break-spaces', overflowWrap: 'anywhere' },
          }}
        >
          <Markdown text={activity.brief} />
          <MessageAttachments attachments={activity.brief_attachments} />
        </Box>
      ) : null}
      {editorBuilt ? (
        <Suspense fallback={null}>
          <BriefEditor
            classId={classId}
            activity={activity}
            open={editing}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
