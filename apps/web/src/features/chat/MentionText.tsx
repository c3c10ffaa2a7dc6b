// Docs: docs/channels.md#mentions — text with mentions shown: `<@uid>` as `@` and the person's
// current name (so a renamed person shows right), `@channel` as is; both highlighted, more strongly
// when they mean the viewer.
import { Fragment } from 'react';
import Box from '@mui/material/Box';
import { splitMentions } from '@seminar/shared';
import { useChatPeople } from './ChatPeople';

function Mention({ label, mine }: { label: string; mine: boolean }) {
  return (
    <Box
      component="span"
      data-mention={mine ? 'me' : 'other'}
      sx={{
        px: 0.25,
        borderRadius: 0.5,
        fontWeight: 600,
        bgcolor: mine ? 'warning.light' : 'action.selected',
        color: mine ? 'warning.contrastText' : 'inherit',
      }}
    >
      {label}
    </Box>
  );
}

/** Plain text of a message, its mentions shown by name. */
export function MentionText({ text }: { text: string }) {
  const { viewerUid, nameOf } = useChatPeople();
  // Most text has no mention: nothing to split.
  if (!text.includes('@')) return <>{text}</>;
  return (
    <>
      {splitMentions(text).map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
        if (part.kind === 'channel') return <Mention key={index} label="@channel" mine />;
        return (
          <Mention
            key={index}
            label={`@${nameOf(part.uid) ?? 'someone'}`}
            mine={part.uid === viewerUid}
          />
        );
      })}
    </>
  );
}
