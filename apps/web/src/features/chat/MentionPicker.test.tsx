// The mention picker in the composer (issue 32 part 1, issue 40 point 6): the channel's AI agents
// offered and marked AI, and the composer's combobox semantics while the list is open.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';

afterEach(cleanup);

const people = [
  { uid: 'u-ada', name: 'Ada Lovelace' },
  { uid: 'u-dan', name: 'Dana Scully' },
];
const agents = [
  { agent: 'DataAnalystBot', productTitle: 'Data Analyst', mode: 'mention' as const },
  { agent: 'SocraticTutor', productTitle: 'Socratic Tutor', mode: 'paused' as const },
];

function setup(withAgents = agents) {
  const onSend = vi.fn();
  render(<Composer onSend={onSend} mentionable={people} viewerUid="u-me" agents={withAgents} />);
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const type = (value: string) => {
    fireEvent.change(box, { target: { value } });
    box.setSelectionRange(value.length, value.length);
    fireEvent.keyUp(box, { key: value.at(-1) ?? '' });
  };
  return { onSend, box, type };
}

describe('the mention picker offers the channel’s agents', () => {
  it('offers DataAnalystBot for "@Da", after the people, marked AI in sight and in its name', () => {
    const { type } = setup();
    type('hello @Da');
    const list = screen.getByRole('listbox', { name: 'Mention someone' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label') ?? o.textContent)).toEqual([
      'Dana Scully',
      'DataAnalystBot, AI agent, Data Analyst',
    ]);
    // Its name holds no word the eye does not see (WCAG 2.5.3): the mark says "AI agent" too.
    expect(options[1]?.textContent).toBe('DataAnalystBot AI agent Data Analyst');
    expect(within(options[1]!).getByText('AI agent')).toBeTruthy();
  });

  it('says a paused agent is paused', () => {
    const { type } = setup();
    type('@Soc');
    expect(
      screen.getByRole('option', { name: 'SocraticTutor, AI agent, Socratic Tutor · paused' }),
    ).toBeTruthy();
  });

  it('picks an agent with Enter, writing its name as the mention rule reads it', () => {
    const { type, box, onSend } = setup();
    type('@data');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('@DataAnalystBot ');
    expect(onSend).not.toHaveBeenCalled();
    // The list does not open again on the name just picked, so the next Enter sends.
    fireEvent.keyUp(box, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('offers no agent in a channel without one', () => {
    const { type } = setup([]);
    type('@Da');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dana Scully']);
  });
});

describe('the composer as a combobox', () => {
  it('is a collapsed combobox until the list opens, then expanded, controlling it', () => {
    const { type, box } = setup();
    const combo = screen.getByRole('combobox', { name: 'Message' });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    expect(combo.contains(box)).toBe(true);
    type('@Da');
    const list = screen.getByRole('listbox');
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    expect(combo.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const first = within(list).getAllByRole('option')[0];
    expect(box.getAttribute('aria-activedescendant')).toBe(first?.id);
  });

  it('announces the number of suggestions politely, and collapses on Escape', () => {
    const { type, box } = setup();
    type('@Da');
    expect(screen.getByText('2 suggestions to mention, up and down arrows to choose')).toBeTruthy();
    act(() => {
      fireEvent.keyDown(box, { key: 'Escape' });
    });
    expect(screen.getByRole('combobox', { name: 'Message' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
