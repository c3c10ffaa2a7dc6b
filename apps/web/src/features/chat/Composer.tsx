// The message composer: a "Message" text box and a "Send" button. Enter sends, Shift+Enter breaks
// the line; a character count shows near the limit; typing tells the channel at most once per
// TYPING_WINDOW_MS (the throttle starts over after a send, which clears the typing notice); emptying
// the composer says so at once (`onCleared`), so "typing…" ends for the others. It starts from
// `initialText` (the channel's saved draft) and reports every change (to keep the draft). `@` opens
// the mention picker (MentionPicker.tsx) over the channel's people. "Attach file" and pasting files
// hand them to the chat, which uploads them (a message may then carry no text).
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  countOf,
  MESSAGE_MAX_LENGTH,
  TYPING_WINDOW_MS,
  type MentionablePerson,
  type ChannelAgent,
} from '@seminar/shared';
import { COMPOSER_ATTRIBUTE } from '../../shell/focus';
import { composerClass, ComposerField, ComposerForm } from './ComposerField';
import { FRAME_ICONS, FrameIcon, FrameIconButton } from './FrameIcon';
import { useMentionPicker } from './MentionPicker';

/** The count shows from this many characters on (out of MESSAGE_MAX_LENGTH). */
export const COUNTER_FROM = 7_500;

const formatCount = (n: number) => n.toLocaleString('en-US');

/** "7,600 of 8,192 characters", or how far over the limit the text is. */
export function characterCount(length: number): string | null {
  if (length < COUNTER_FROM) return null;
  if (length > MESSAGE_MAX_LENGTH) {
    const over = length - MESSAGE_MAX_LENGTH;
    return `${countOf(over, { one: 'character', other: 'characters' })} over the limit of ${formatCount(MESSAGE_MAX_LENGTH)}`;
  }
  return `${formatCount(length)} of ${formatCount(MESSAGE_MAX_LENGTH)} characters`;
}

/** Whether `text` can be sent: not blank and within the limit. */
export function canSend(text: string): boolean {
  return text.trim() !== '' && text.length <= MESSAGE_MAX_LENGTH;
}

export interface ComposerProps {
  /** Sends the text (the composer empties itself). */
  onSend: (body: string) => void;
  /** The user is typing: called at most once per TYPING_WINDOW_MS. */
  onTyping?: () => void;
  /** The user emptied the composer (after typing): "typing…" should end at once. */
  onCleared?: () => void;
  /** The channel is disabled: nothing can be sent, and `disabledNote` says why. */
  disabled?: boolean;
  disabledNote?: string;
  /** The text to start with (a saved draft). */
  initialText?: string;
  /** The text changed by typing (not by a send, which empties it). */
  onTextChange?: (text: string) => void;
  /** The clock (tests). */
  now?: () => number;
  /** Who `@` can mention (the channel's people); the viewer is left out of the picker. */
  mentionable?: readonly MentionablePerson[];
  viewerUid?: string;
  /** Instructors: the picker offers `@channel` too. */
  canMentionChannel?: boolean;
  /** The channel's AI agents, which the picker offers after the people. */
  agents?: readonly Pick<ChannelAgent, 'agent' | 'productTitle' | 'mode'>[];
  /** Files chosen with "Attach file" or pasted (the chat uploads them); no button without it. */
  onAttach?: (files: File[]) => void;
  /** Attached files ready to go: a message may then be sent without text. */
  attachmentsReady?: boolean;
  /** Files still uploading: sending waits for them. */
  attachmentsBusy?: boolean;
  /** Shown above the text box: the attached files. */
  attachmentsSlot?: ReactNode;
}

const NOBODY: readonly MentionablePerson[] = [];

export function Composer({
  onSend,
  onTyping,
  onCleared,
  disabled = false,
  disabledNote,
  initialText = '',
  onTextChange,
  now = Date.now,
  mentionable = NOBODY,
  viewerUid = '',
  canMentionChannel = false,
  agents,
  onAttach,
  attachmentsReady = false,
  attachmentsBusy = false,
  attachmentsSlot,
}: ComposerProps) {
  const [text, setText] = useState(initialText);
  const lastTyping = useRef(-Infinity);
  const input = useRef<HTMLTextAreaElement>(null);
  const count = characterCount(text.length);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const fileInput = useRef<HTMLInputElement>(null);
  const sendable =
    !disabled &&
    !attachmentsBusy &&
    (canSend(text) || (attachmentsReady && text.length <= MESSAGE_MAX_LENGTH));
  const picker = useMentionPicker({
    text,
    setText: (value) => change(value),
    input,
    people: mentionable,
    viewerUid,
    canMentionChannel,
    agents,
  });

  const send = () => {
    if (!sendable) return;
    onSend(text);
    setText('');
    lastTyping.current = -Infinity;
    input.current?.focus();
  };

  const change = (value: string) => {
    setText(value);
    onTextChange?.(value);
    if (value.trim() === '') {
      // Emptied: typing is over; the next keystroke tells the channel again straight away.
      if (text.trim() !== '') {
        lastTyping.current = -Infinity;
        onCleared?.();
      }
      return;
    }
    if (disabled || !onTyping) return;
    const at = now();
    if (at - lastTyping.current < TYPING_WINDOW_MS) return;
    lastTyping.current = at;
    onTyping();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.keyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <ComposerForm
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {picker.list}
      {disabled && disabledNote ? <p className={composerClass.note}>{disabledNote}</p> : null}
      {attachmentsSlot}
      <div className={composerClass.row}>
        {onAttach ? (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0) onAttach(files);
              }}
            />
            <FrameIconButton
              label="Attach file"
              icon={FRAME_ICONS.attachFile}
              className={composerClass.attach}
              disabled={disabled}
              onClick={() => fileInput.current?.click()}
            />
          </>
        ) : null}
        <div className={composerClass.combo} aria-label="Message" {...picker.comboboxProps}>
          <ComposerField
            ref={input}
            value={text}
            onChange={(event) => {
              change(event.target.value);
              picker.track();
            }}
            onKeyDown={keyDown}
            onKeyUp={picker.track}
            onClick={picker.track}
            onPaste={(event) => {
              // Pasted files (a screenshot) are attached; pasted text goes in as usual.
              const files = [...event.clipboardData.files];
              if (!onAttach || disabled || files.length === 0) return;
              event.preventDefault();
              onAttach(files);
            }}
            disabled={disabled}
            placeholder={disabled ? 'Sending is turned off here' : 'Write a message'}
            error={tooLong}
            aria-label="Message"
            {...{ [COMPOSER_ATTRIBUTE]: '' }}
            {...picker.inputProps}
            aria-describedby={count ? 'chat-composer-count' : undefined}
            enterKeyHint="send"
          />
        </div>
        <button type="submit" className={composerClass.send} disabled={!sendable}>
          Send
          <FrameIcon path={FRAME_ICONS.send} />
        </button>
      </div>
      {count ? (
        <span
          id="chat-composer-count"
          role="status"
          className={
            tooLong ? `${composerClass.count} ${composerClass.countOver}` : composerClass.count
          }
        >
          {count}
        </span>
      ) : null}
      <span className={composerClass.hint}>Enter sends, Shift+Enter starts a new line.</span>
    </ComposerForm>
  );
}
