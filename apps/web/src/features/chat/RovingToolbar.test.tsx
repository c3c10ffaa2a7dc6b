import { useState } from 'react';
import { createPortal } from 'react-dom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RovingToolbar, stopIndex } from './RovingToolbar';

afterEach(cleanup);

describe('stopIndex', () => {
  it.each([
    { remembered: -1, count: 3, stop: 0, why: 'nothing focused yet: the first' },
    { remembered: 2, count: 3, stop: 2, why: 'the one focused last' },
    { remembered: 3, count: 3, stop: 0, why: 'the one focused last has gone: the first' },
    { remembered: -1, count: 0, stop: null, why: 'no buttons: no stop' },
  ])('$why', ({ remembered, count, stop }) => {
    expect(stopIndex(remembered, count)).toBe(stop);
  });
});

/** The Tab stops inside the toolbar: its elements with tabindex 0 (Tab skips the -1 ones). */
const stops = () =>
  [...screen.getByRole('toolbar').querySelectorAll('button')]
    .filter((button) => button.tabIndex === 0 && !button.disabled)
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

const focusedName = () => document.activeElement?.getAttribute('aria-label');

function Tools({ staff = true, alert = false }: { staff?: boolean; alert?: boolean }) {
  const [dialog, setDialog] = useState(false);
  return (
    <RovingToolbar label="Channel tools">
      {staff ? (
        <button type="button" aria-label="New poll" onClick={() => setDialog(true)} />
      ) : null}
      <button type="button" aria-label="Notifications" />
      <button type="button" aria-label="Members" disabled={!staff} />
      <button type="button" aria-label="Channel settings" />
      {alert ? (
        <div role="alert">
          Could not pick anyone <button type="button">Close</button>
        </div>
      ) : null}
      {/* As MUI draws a dialog: a React child of the toolbar, elsewhere in the page. */}
      {dialog
        ? createPortal(
            <div role="dialog" aria-label="New poll">
              <input aria-label="Question" />
            </div>,
            document.body,
          )
        : null}
    </RovingToolbar>
  );
}

describe('<RovingToolbar>', () => {
  it('is a named toolbar whose first button is its one Tab stop', () => {
    render(<Tools />);
    expect(screen.getByRole('toolbar', { name: 'Channel tools' })).toBeDefined();
    expect(stops()).toEqual(['New poll']);
  });

  it.each([
    { from: 'New poll', key: 'ArrowRight', to: 'Notifications' },
    { from: 'Notifications', key: 'ArrowLeft', to: 'New poll' },
    { from: 'Channel settings', key: 'ArrowRight', to: 'New poll' },
    { from: 'New poll', key: 'ArrowLeft', to: 'Channel settings' },
    { from: 'Members', key: 'Home', to: 'New poll' },
    { from: 'Notifications', key: 'End', to: 'Channel settings' },
  ])('$key from $from focuses $to, which becomes the Tab stop', async ({ from, key, to }) => {
    render(<Tools />);
    const start = screen.getByRole('button', { name: from });
    act(() => start.focus());
    const event = fireEvent.keyDown(start, { key });
    expect(event).toBe(false); // handled: the page does not scroll
    expect(focusedName()).toBe(to);
    await waitFor(() => expect(stops()).toEqual([to]));
  });

  it('leaves other keys, and keys with a modifier, alone', () => {
    render(<Tools />);
    const poll = screen.getByRole('button', { name: 'New poll' });
    act(() => poll.focus());
    for (const init of [{ key: 'ArrowDown' }, { key: 'ArrowRight', altKey: true }, { key: 'a' }]) {
      expect(fireEvent.keyDown(poll, init)).toBe(true);
      expect(focusedName()).toBe('New poll');
    }
  });

  it('skips a disabled button', () => {
    render(<Tools staff={false} />);
    const notifications = screen.getByRole('button', { name: 'Notifications' });
    expect(stops()).toEqual(['Notifications']);
    act(() => notifications.focus());
    fireEvent.keyDown(notifications, { key: 'ArrowRight' });
    expect(focusedName()).toBe('Channel settings');
  });

  it('keeps the button focused last as the stop when a button appears before it', async () => {
    const { rerender } = render(<Tools staff={false} />);
    act(() => screen.getByRole('button', { name: 'Channel settings' }).focus());
    act(() => (document.activeElement as HTMLElement).blur());
    // The staff's controls load later, in front: the stop stays where the user left it.
    rerender(<Tools />);
    await waitFor(() => expect(stops()).toEqual(['Channel settings']));
  });

  it('falls back to the first button when the one focused last goes', async () => {
    const { rerender } = render(<Tools />);
    act(() => screen.getByRole('button', { name: 'New poll' }).focus());
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(stops()).toEqual(['Notifications']);
    rerender(
      <RovingToolbar label="Channel tools">
        <button type="button" aria-label="Members" />
        <button type="button" aria-label="Channel settings" />
      </RovingToolbar>,
    );
    await waitFor(() => expect(stops()).toEqual(['Members']));
  });

  it("puts a button back in line when it asks for tabindex 0 again (MUI's re-enabled buttons)", async () => {
    render(<Tools />);
    const members = screen.getByRole('button', { name: 'Members' });
    members.setAttribute('tabindex', '0');
    await waitFor(() => expect(members.getAttribute('tabindex')).toBe('-1'));
    expect(stops()).toEqual(['New poll']);
  });

  it("leaves an alert's controls their own Tab stop", () => {
    render(<Tools alert />);
    expect(screen.getByRole('button', { name: 'Close' }).tabIndex).toBe(0);
    expect(stops()).toEqual(['New poll', 'Close']);
  });

  it('leaves the keys of a dialog a button opened (arrows in its text field) to the dialog', () => {
    render(<Tools />);
    fireEvent.click(screen.getByRole('button', { name: 'New poll' }));
    const question = screen.getByRole('textbox', { name: 'Question' });
    act(() => question.focus());
    expect(fireEvent.keyDown(question, { key: 'ArrowLeft' })).toBe(true);
    expect(fireEvent.keyDown(question, { key: 'Home' })).toBe(true);
    expect(document.activeElement).toBe(question);
  });
});
