import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeChannel } from '../../testing/classFixtures';
import { ChannelHeader, type ChannelHeaderProps } from './ChannelHeader';
import { ChannelFrame } from './channelFrameStyles';

afterEach(cleanup);

// Without the controls (they need the live hub: ChatPanel.test.tsx and the browser journeys cover
// them): what the header shows while a page opened onto the channel waits for its messages.
function renderHeader(props: Partial<ChannelHeaderProps> = {}) {
  const handlers = { onNotifyChange: vi.fn(), onOpenMembers: vi.fn() };
  render(
    <ChannelFrame aria-label="Channel general">
      <ChannelHeader
        classId="c1"
        channel={makeChannel({ name: 'general' })}
        title="general"
        viewerUid="me"
        controlsShown={false}
        {...handlers}
        {...props}
      />
    </ChannelFrame>,
  );
  return handlers;
}

describe('<ChannelHeader>', () => {
  it.each([
    { kind: 'public', isPublic: true, privateIcon: false },
    { kind: 'private', isPublic: false, privateIcon: true },
  ])('names the $kind channel in a heading; the lock says "Private channel"', (row) => {
    renderHeader({
      channel: makeChannel({ name: 'team', is_public: row.isPublic }),
      title: 'team',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'team' })).toBeDefined();
    expect(screen.queryByRole('img', { name: 'Private channel' }) !== null).toBe(row.privateIcon);
  });

  it('offers Back (narrow screens) as a real button that calls back, first in the header', () => {
    const onBack = vi.fn();
    renderHeader({ onBack });
    const back = screen.getByRole('button', { name: 'Back to channels' });
    expect(screen.getAllByRole('button')[0]).toBe(back);
    // A <button type="button">: Enter and Space work without a handler of ours, and it submits nothing.
    expect(back.tagName).toBe('BUTTON');
    expect(back.getAttribute('type')).toBe('button');
    fireEvent.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has no buttons at all until the controls are shown, and no Back without a handler', () => {
    renderHeader();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
