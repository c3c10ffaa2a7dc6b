import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH, TYPING_WINDOW_MS } from '@seminar/shared';
import { canSend, characterCount, Composer, COUNTER_FROM } from './Composer';

afterEach(cleanup);

function setup(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn();
  const onTyping = vi.fn();
  let clock = 1_000_000;
  const now = () => clock;
  render(<Composer onSend={onSend} onTyping={onTyping} now={now} {...props} />);
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  const tick = (ms: number) => (clock += ms);
  return { onSend, onTyping, box, type, tick };
}

describe('characterCount and canSend', () => {
  it('shows the count from 7,500 characters on', () => {
    expect(characterCount(COUNTER_FROM - 1)).toBeNull();
    expect(characterCount(7_500)).toBe('7,500 of 8,192 characters');
    expect(characterCount(MESSAGE_MAX_LENGTH)).toBe('8,192 of 8,192 characters');
    expect(characterCount(MESSAGE_MAX_LENGTH + 1)).toBe('1 character over the limit of 8,192');
    expect(characterCount(MESSAGE_MAX_LENGTH + 10)).toBe('10 characters over the limit of 8,192');
  });

  it('refuses blank and too long text', () => {
    expect(canSend('hi')).toBe(true);
    expect(canSend('  \n ')).toBe(false);
    expect(canSend('x'.repeat(MESSAGE_MAX_LENGTH))).toBe(true);
    expect(canSend('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('<Composer>', () => {
  it('says at once when the box is emptied after typing, and typing then tells the channel again', () => {
    const onCleared = vi.fn();
    const { onTyping, type } = setup({ onCleared });
    type('hel');
    expect(onTyping).toHaveBeenCalledTimes(1);
    type('');
    expect(onCleared).toHaveBeenCalledTimes(1);
    // Blank to blank is no news; typing again (within the window) tells the channel again.
    type('  ');
    expect(onCleared).toHaveBeenCalledTimes(1);
    type('h');
    expect(onTyping).toHaveBeenCalledTimes(2);
    type('');
    expect(onCleared).toHaveBeenCalledTimes(2);
  });

  it('starts from a saved draft and reports each change', () => {
    const onTextChange = vi.fn();
    const { onSend, box, type } = setup({ initialText: 'half a thought', onTextChange });
    expect(box.value).toBe('half a thought');
    type('half a thought, done');
    expect(onTextChange).toHaveBeenLastCalledWith('half a thought, done');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('half a thought, done');
    expect(box.value).toBe('');
  });

  it('sends with Enter and empties the box', () => {
    const { onSend, box, type } = setup();
    type('hello there');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello there');
    expect(box.value).toBe('');
  });

  it('does not send with Shift+Enter (a line break) nor while composing text', () => {
    const { onSend, box, type } = setup();
    type('line one');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('line one');
  });

  it('sends with the Send button, never blank text', () => {
    const { onSend, type } = setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    type('   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    type('**hi**');
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('**hi**');
  });

  it('shows the count near the limit and blocks sending over it', () => {
    const { onSend, box, type } = setup();
    type('x'.repeat(100));
    expect(screen.queryByText(/of 8,192 characters/)).toBeNull();
    type('x'.repeat(7_600));
    expect(screen.getByText('7,600 of 8,192 characters')).toBeDefined();
    type('x'.repeat(MESSAGE_MAX_LENGTH + 2));
    expect(screen.getByText('2 characters over the limit of 8,192')).toBeDefined();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells the channel about typing at most once per typing window', () => {
    const { onTyping, type, tick } = setup();
    type('h');
    type('he');
    type('hel');
    expect(onTyping).toHaveBeenCalledTimes(1);
    tick(TYPING_WINDOW_MS - 1);
    type('hell');
    expect(onTyping).toHaveBeenCalledTimes(1);
    tick(1);
    type('hello');
    expect(onTyping).toHaveBeenCalledTimes(2);
  });

  it('does not count clearing the box as typing, and starts the throttle over after a clear or a send', () => {
    const { onTyping, box, type } = setup();
    type('a');
    expect(onTyping).toHaveBeenCalledTimes(1);
    type('');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onTyping).toHaveBeenCalledTimes(1);
    type('b');
    expect(onTyping).toHaveBeenCalledTimes(2);
    type('bb');
    expect(onTyping).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(box, { key: 'Enter' });
    type('c');
    expect(onTyping).toHaveBeenCalledTimes(3);
  });

  it('is disabled with a note when the channel is disabled', () => {
    const { onTyping, onSend, box } = setup({
      disabled: true,
      disabledNote: 'This channel is disabled: nobody can post in it.',
    });
    expect(box.disabled).toBe(true);
    expect(screen.getByText('This channel is disabled: nobody can post in it.')).toBeDefined();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(onTyping).not.toHaveBeenCalled();
  });
});

describe('<Composer> attachments', () => {
  const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });

  it('hands files chosen with "Attach file" or pasted to the chat, and no button without it', () => {
    const onAttach = vi.fn();
    const { box } = setup({ onAttach });
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    const click = vi.spyOn(picker, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Attach file' }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(picker, { target: { files: [file] } });
    expect(onAttach).toHaveBeenLastCalledWith([file]);
    fireEvent.paste(box, { clipboardData: { files: [file] } });
    expect(onAttach).toHaveBeenCalledTimes(2);
    cleanup();
    setup();
    expect(screen.queryByRole('button', { name: 'Attach file' })).toBeNull();
  });

  it('sends files without text once uploaded, and waits while any is uploading', () => {
    setup({ onAttach: vi.fn(), attachmentsReady: true, attachmentsBusy: true });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    cleanup();
    const ready = setup({ onAttach: vi.fn(), attachmentsReady: true });
    fireEvent.keyDown(ready.box, { key: 'Enter' });
    expect(ready.onSend).toHaveBeenCalledWith('');
  });
});
