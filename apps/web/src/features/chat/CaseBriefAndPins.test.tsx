// The case brief panel and the pinned bar (docs/activities.md#case-brief-and-pins): what students
// and staff see, folding the brief away (remembered per person and activity), the pinned list with
// mentions by name, jumping to a pin, and who gets Unpin.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { briefCollapsedKey, type Pin } from '@seminar/shared';
import { makeActivity } from '../../testing/classFixtures';
import { CaseBrief } from './CaseBrief';
import { ChatPeopleProvider } from './ChatPeople';
import { PinnedBar } from './PinnedBar';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const activity = makeActivity({
  activity_id: 'a1',
  title: 'Tesla 2008',
  channel_id: 'case',
  brief: '## Read first\nThe **Roadster** decision.\n\n- pages 1–12',
});

describe('CaseBrief', () => {
  it('shows a student the brief as markdown, and remembers it folded away', () => {
    const view = render(
      <CaseBrief classId="c1" activity={activity} viewerUid="u1" canEdit={false} />,
    );
    const region = screen.getByRole('region', { name: 'Case brief' });
    expect(within(region).getByText('Roadster').tagName).toBe('STRONG');
    expect(within(region).queryByRole('button', { name: 'Edit brief' })).toBeNull();
    const toggle = within(region).getByRole('button', { name: /Case brief/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(region).queryByText('Roadster')).toBeNull();
    expect(window.localStorage.getItem(briefCollapsedKey('u1', 'a1'))).toBe('1');

    // Opened again later (another render, same person): still folded; another person: open.
    view.unmount();
    render(<CaseBrief classId="c1" activity={activity} viewerUid="u1" canEdit={false} />);
    expect(screen.getByRole('button', { name: /Case brief/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    cleanup();
    render(<CaseBrief classId="c1" activity={activity} viewerUid="u2" canEdit={false} />);
    expect(screen.getByText('Roadster')).toBeTruthy();
  });

  it('shows students nothing without a brief, and staff a way to add one', () => {
    const empty = { ...activity, brief: '' };
    const { container } = render(
      <CaseBrief classId="c1" activity={empty} viewerUid="u1" canEdit={false} />,
    );
    expect(container.innerHTML).toBe('');
    cleanup();
    render(<CaseBrief classId="c1" activity={empty} viewerUid="u1" canEdit />);
    expect(screen.getByRole('button', { name: 'Add a case brief' })).toBeTruthy();
    cleanup();
    render(<CaseBrief classId="c1" activity={activity} viewerUid="u1" canEdit />);
    expect(screen.getByRole('button', { name: 'Edit brief' })).toBeTruthy();
  });

  it('lists the brief’s files as downloads', () => {
    render(
      <CaseBrief
        classId="c1"
        activity={{
          ...activity,
          brief_attachments: [{ id: 'att_1', name: 'case.pdf', type: 'application/pdf', size: 9 }],
        }}
        viewerUid="u1"
        canEdit={false}
      />,
    );
    expect(screen.getByRole('link', { name: /case\.pdf/ }).getAttribute('href')).toBe(
      '/api/attachments/att_1',
    );
  });
});

const pin = (over: Partial<Pin> & { message_id: string; seq: number }): Pin => ({
  class_id: 'c1',
  channel_id: 'case',
  author_uid: 'u2',
  author_name: 'Pia Pupil',
  excerpt: 'A point',
  files: 0,
  pinned_by: 'u1',
  pinned_by_name: 'Tara Teach',
  pinned_at: 0,
  version: 1,
  ...over,
});

describe('PinnedBar', () => {
  const pins = [
    pin({ message_id: 'm1', seq: 1, excerpt: 'Ask <@u3> about **margins**' }),
    pin({ message_id: 'm2', seq: 5, excerpt: '', files: 2 }),
  ];
  const people = {
    viewerUid: 'u1',
    nameOf: (uid: string) => ({ u2: 'Pia Pupil', u3: 'Max Mate' })[uid],
    mentionable: [],
    canMentionChannel: false,
  };

  it('says how many, lists them by author and text, and jumps to one', () => {
    const onOpen = vi.fn();
    render(
      <ChatPeopleProvider value={people}>
        <PinnedBar pins={pins} canUnpin={false} onOpen={onOpen} onUnpin={vi.fn()} />
      </ChatPeopleProvider>,
    );
    const bar = screen.getByRole('region', { name: 'Pinned messages' });
    const toggle = within(bar).getByRole('button', { name: '2 pinned messages' });
    fireEvent.click(toggle);
    const list = within(bar).getByRole('list', { name: 'Pinned' });
    const first = within(list).getByRole('button', {
      name: 'Pia Pupil: Ask @Max Mate about margins',
    });
    within(list).getByRole('button', { name: 'Pia Pupil: 2 files' });
    expect(within(list).queryByRole('button', { name: /Unpin/ })).toBeNull();
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith(pins[0]);
  });

  it('gives staff Unpin, and shows nothing without pins', () => {
    const onUnpin = vi.fn();
    const { container } = render(
      <PinnedBar pins={[]} canUnpin onOpen={vi.fn()} onUnpin={onUnpin} />,
    );
    expect(container.innerHTML).toBe('');
    cleanup();
    render(<PinnedBar pins={pins.slice(0, 1)} canUnpin onOpen={vi.fn()} onUnpin={onUnpin} />);
    fireEvent.click(screen.getByRole('button', { name: '1 pinned message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unpin message from Pia Pupil' }));
    expect(onUnpin).toHaveBeenCalledWith(pins[0]);
  });
});
