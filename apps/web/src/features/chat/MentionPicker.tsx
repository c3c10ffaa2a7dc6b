// Docs: docs/channels.md#mentions, docs/ai.md#finding-an-agent — the composer's mention picker.
// Typing `@` (at a word's start) opens a list of the channel's people and AI agents filtered by what
// follows; ArrowDown/ArrowUp move, Enter or Tab picks, Escape closes, and a click picks too. The
// text box sits in a `combobox` (a <textarea> may not take that role itself: ARIA in HTML) with
// `aria-expanded` and `aria-controls`; the text box keeps aria-autocomplete="list",
// aria-controls and aria-activedescendant pointing into the listbox, so focus never leaves it. A
// pick writes `@Name ` into the text: the send turns a person's into a reference, and an agent's
// stays the text the mention rule reads (`mentionsAgent`, the same in SQL).
import { useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from './a11y';
import {
  countOf,
  activeMentionQuery,
  agentUid,
  CHANNEL_MENTION,
  matchMentionable,
  type ChannelAgent,
  type MentionablePerson,
} from '@seminar/shared';

/** What the picker lists: people, the channel's AI agents, and `@channel` for instructors. */
interface Choice {
  key: string;
  label: string;
  /** What replaces `@query` (without the `@`). */
  insert: string;
  hint?: string;
  /** An AI agent: shown with an "AI agent" mark, and named so ("DataAnalystBot, AI agent"). */
  agent?: boolean;
}

const NO_AGENTS: readonly Pick<ChannelAgent, 'agent' | 'productTitle' | 'mode'>[] = [];

/** State and handlers of the picker for one text box. */
export function useMentionPicker(options: {
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  people: readonly MentionablePerson[];
  viewerUid: string;
  canMentionChannel: boolean;
  /** The channel's AI agents (a case channel's), listed after the people. */
  agents?: readonly Pick<ChannelAgent, 'agent' | 'productTitle' | 'mode'>[] | undefined;
}) {
  const {
    text,
    setText,
    input,
    people,
    viewerUid,
    canMentionChannel,
    agents = NO_AGENTS,
  } = options;
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);

  const query = caret === null ? null : activeMentionQuery(text, caret);
  const choices = useMemo<Choice[]>(() => {
    if (!query) return [];
    const found: Choice[] = matchMentionable(
      people.filter((person) => person.uid !== viewerUid),
      query.query,
    ).map((person) => ({ key: person.uid, label: person.name, insert: person.name }));
    const agentChoices = matchMentionable(
      agents.map((agent) => ({ ...agent, uid: agentUid(agent.agent), name: agent.agent })),
      query.query,
    );
    for (const agent of agentChoices)
      if (!found.some((choice) => choice.key === agent.uid))
        found.push({
          key: agent.uid,
          label: agent.agent,
          insert: agent.agent,
          hint: agent.mode === 'paused' ? `${agent.productTitle} · paused` : agent.productTitle,
          agent: true,
        });
    if (canMentionChannel && 'channel'.startsWith(query.query.toLowerCase()))
      found.push({
        key: '@channel',
        label: CHANNEL_MENTION,
        insert: 'channel',
        hint: 'everyone in this channel',
      });
    return found;
  }, [query, people, viewerUid, canMentionChannel, agents]);
  const open = query !== null && choices.length > 0 && closedAt !== query.start;
  const current = Math.min(active, Math.max(choices.length - 1, 0));

  const track = () => {
    const element = input.current;
    if (!element) return;
    setCaret(element.selectionStart);
    // Escape closes the picker for that `@` only: once it is gone, the next `@` opens it again.
    const typed = activeMentionQuery(element.value, element.selectionStart);
    if (typed === null || typed.start !== closedAt) setClosedAt(null);
  };

  const pick = (choice: Choice) => {
    if (!query || caret === null) return;
    const before = text.slice(0, query.start);
    const after = text.slice(caret);
    const inserted = `@${choice.insert} `;
    const next = before + inserted + after.replace(/^ /, '');
    const at = before.length + inserted.length;
    setText(next);
    setCaret(at);
    setActive(0);
    // That `@` is done: "@Ada Lovelace " still matches Ada (a name may hold spaces, so the query
    // runs on past the inserted space), and the list would open again on the name just picked —
    // Enter would pick it once more instead of sending.
    setClosedAt(query.start);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  /** Handles the picker's keys; true when the key was its own (the composer must not act on it). */
  const keyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = choices.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const choice = choices[current];
      if (!choice) return false;
      event.preventDefault();
      pick(choice);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setClosedAt(query?.start ?? null);
      return true;
    }
    return false;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
  };
  /** The element around the text box: the combobox, expanded while the list is open. */
  const comboboxProps = {
    role: 'combobox' as const,
    'aria-expanded': open,
    'aria-haspopup': 'listbox' as const,
    'aria-controls': listId,
  };

  // The number of suggestions, said when the list opens or its filter changes
  // (docs/accessibility.md#announcements); always there, so its changes are announced.
  const status = (
    <span role="status" style={visuallyHidden}>
      {open
        ? `${countOf(choices.length, { one: 'suggestion', other: 'suggestions' })} to mention, up and down arrows to choose`
        : ''}
    </span>
  );

  const popup = open ? (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, mb: 0.5, zIndex: 2, minWidth: 240 }}
    >
      <Box
        component="ul"
        role="listbox"
        id={listId}
        aria-label="Mention someone"
        sx={{ listStyle: 'none', m: 0, p: 0.5, maxHeight: 240, overflowY: 'auto' }}
      >
        {choices.map((choice, index) => (
          <Box
            component="li"
            key={choice.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            // An agent's name is its visible words with commas between ("DataAnalystBot, AI agent,
            // Data Analyst Bot"): a name holding words the eye does not see (it once said "AI
            // agent" beside a mark saying "AI") would not contain the visible label, which speech
            // input users say to pick it (WCAG 2.5.3; axe's label-content-name-mismatch).
            aria-label={
              choice.agent
                ? `${choice.label}, AI agent${choice.hint ? `, ${choice.hint}` : ''}`
                : undefined
            }
            // Keep the focus in the text box.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(choice)}
            onMouseEnter={() => setActive(index)}
            sx={{
              px: 1.5,
              py: 0.75,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: index === current ? 'action.selected' : 'transparent',
            }}
          >
            <Typography component="span" variant="body2">
              {choice.label}
            </Typography>
            {/* Spaces between the parts, not only margins: the visible text must read as the
                words of the name ("DataAnalystBot AI agent Data Analyst Bot"). */}
            {choice.agent ? ' ' : null}
            {choice.agent ? (
              <Box
                component="span"
                sx={{
                  ml: 0.5,
                  px: 0.75,
                  borderRadius: 1,
                  fontSize: '0.7rem',
                  fontWeight: 700,
                  border: 1,
                  borderColor: 'primary.main',
                  // The text colour, not the primary: on the active option's grey the primary
                  // blue fell to 3.9:1 (axe), and the border already carries the colour.
                  color: 'text.primary',
                }}
              >
                AI agent
              </Box>
            ) : null}
            {choice.hint ? ' ' : null}
            {choice.hint ? (
              <Typography
                component="span"
                variant="caption"
                sx={{ color: 'text.secondary', ml: 0.5 }}
              >
                {choice.hint}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Paper>
  ) : null;

  const list = (
    <>
      {status}
      {popup}
    </>
  );

  return { track, keyDown, inputProps, comboboxProps, list };
}
