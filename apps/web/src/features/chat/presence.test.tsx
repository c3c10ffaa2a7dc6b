import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_WINDOW_MS, type ChannelNotificationView } from '@seminar/shared';
import { onlineLabel, recentNames, typingLine, useRecencyClock } from './presence';

const T0 = Date.parse('2026-03-04T12:00:00Z');

const notice = (
  from: string,
  name: string,
  type: ChannelNotificationView['type'],
  created_at: number,
): ChannelNotificationView => ({
  id: `${from}:${type}`,
  type,
  from,
  from_name: name,
  created_at,
  class_id: 'c1',
  channel_id: 'ch1',
  deleted: false,
  version: 1,
});

describe('typingLine', () => {
  it('words one, two, three and more people', () => {
    expect(typingLine([])).toBeNull();
    expect(typingLine(['Ada'])).toBe('Ada is typing…');
    expect(typingLine(['Ada', 'Bo'])).toBe('Ada and Bo are typing…');
    expect(typingLine(['Ada', 'Bo', 'Cy'])).toBe('Ada, Bo and Cy are typing…');
    expect(typingLine(['Ada', 'Bo', 'Cy', 'Di'])).toBe('Ada, Bo and 2 others are typing…');
  });

  it('labels who is online', () => {
    expect(onlineLabel(['Ada', 'Bo'])).toBe('Online: Ada, Bo');
    expect(onlineLabel([])).toBe('No one else is online');
  });
});

describe('recentNames', () => {
  const notices = [
    notice('me', 'Me', 'user_typing', T0),
    notice('bo', 'Bo', 'user_typing', T0 - 1_000),
    notice('ada', 'Ada', 'user_typing', T0 - 3_000),
    notice('old', 'Old', 'user_typing', T0 - 2 * TYPING_WINDOW_MS),
    notice('cy', 'Cy', 'user_online', T0),
  ];

  it('keeps recent notices of the type from others, oldest first', () => {
    expect(recentNames(notices, 'user_typing', 'me', T0, 0)).toEqual(['Ada', 'Bo']);
    expect(recentNames(notices, 'user_online', 'me', T0, 0)).toEqual(['Cy']);
  });

  it('judges recency in server time (client clock + offset)', () => {
    // The client clock is 9 s behind the server: Bo's notice is 10 s old in server time.
    expect(recentNames(notices, 'user_typing', 'me', T0 - 9_000, 9_000)).toEqual(['Ada', 'Bo']);
    expect(recentNames(notices, 'user_typing', 'me', T0 - 9_000, 18_000)).toEqual([]);
  });

  it('skips deleted notices and names nobody “Someone”', () => {
    const list = [
      { ...notice('ada', 'Ada', 'user_typing', T0), deleted: true },
      notice('x', '  ', 'user_typing', T0),
    ];
    expect(recentNames(list, 'user_typing', 'me', T0, 0)).toEqual(['Someone']);
  });
});

function TypingLine({
  notices,
  offset = 0,
}: {
  notices: ChannelNotificationView[];
  offset?: number;
}) {
  const now = useRecencyClock(notices);
  const line = typingLine(recentNames(notices, 'user_typing', 'me', now, offset));
  return <p data-testid="line">{line ?? 'nobody'}</p>;
}

describe('useRecencyClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('drops a typing notice once it is twice the typing window old, re-checking every second', () => {
    render(<TypingLine notices={[notice('ada', 'Ada', 'user_typing', T0 - 1_000)]} />);
    expect(screen.getByTestId('line').textContent).toBe('Ada is typing…');
    // Recent while younger than 2 × 5 s: 1 s old now, 9.9 s old after 8.9 s.
    act(() => {
      vi.advanceTimersByTime(8_000);
    });
    expect(screen.getByTestId('line').textContent).toBe('Ada is typing…');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('line').textContent).toBe('nobody');
  });

  it('re-checks on the 1 s timer only while a typing notice exists', () => {
    const { rerender } = render(<TypingLine notices={[]} />);
    expect(vi.getTimerCount()).toBe(0);
    rerender(<TypingLine notices={[notice('ada', 'Ada', 'user_typing', T0)]} />);
    expect(vi.getTimerCount()).toBe(1);
    rerender(<TypingLine notices={[]} />);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses the server offset', () => {
    render(
      <TypingLine
        notices={[notice('ada', 'Ada', 'user_typing', T0)]}
        offset={-2 * TYPING_WINDOW_MS}
      />,
    );
    // In server time the notice is from the future: certainly recent.
    expect(screen.getByTestId('line').textContent).toBe('Ada is typing…');
  });
});
