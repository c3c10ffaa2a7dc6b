// Docs: docs/channels.md#mentions — text with mentions shown: `<@uid>` as `@` and the person's
// current name (so a renamed person shows right), `@channel` as is; both highlighted, more strongly
// when they mean the viewer.
import { Fragment } from 'react';
import { splitMentions } from '@seminar/shared';
import { useChatPeople } from './ChatPeople';
import { chatClass } from './chatStyles';

// A plain span styled by the list's class rules (chatStyles.ts), not an `sx` resolved per mention.
function Mention({ label, mine }: { label: string; mine: boolean }) {
  return (
    <span className={chatClass.mention} data-mention={mine ? 'me' : 'other'}>
      {label}
    </span>
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
