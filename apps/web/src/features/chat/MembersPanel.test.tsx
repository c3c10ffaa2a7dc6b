import { describe, expect, it } from 'vitest';
import type { ChannelMember, RosterEntry } from '@seminar/shared';
import { channelPeople } from './MembersPanel';

const entry = (
  uid: string | null,
  name: string,
  email: string | null,
  extra: Partial<RosterEntry> = {},
) =>
  ({
    id: `${uid ?? email}:student`,
    class_id: 'c1',
    uid,
    role: 'student',
    name,
    email,
    enabled: true,
    deleted: false,
    pending_deleted: false,
    invited: false,
    version: 1,
    ...extra,
  }) as RosterEntry;

const enrolled = (uid: string, name: string, deleted = false): ChannelMember => ({
  uid,
  class_id: 'c1',
  channel_id: 'ch1',
  name,
  email: null,
  enabled: true,
  deleted,
  version: 1,
});

const roster = [
  entry('u1', 'Turing, Alan', 'alan@example.edu'),
  entry('u2', 'Liskov, Barbara', 'barbara@example.edu'),
  entry('u3', 'Hopper, Grace', 'grace@example.edu', { role: 'instructor' }),
  entry('u4', 'Gone, Greta', 'greta@example.edu', { enabled: false }),
  entry(null, '', 'invitee@example.edu', { invited: true }),
];

describe('channelPeople', () => {
  it('lists the enabled class members with an account for a public channel, by name', () => {
    const { members, candidates } = channelPeople(
      { is_public: true, channel_group: [] },
      roster,
      [],
    );
    expect(members.map((person) => person.name)).toEqual([
      'Alan Turing',
      'Barbara Liskov',
      'Grace Hopper',
    ]);
    expect(candidates).toEqual([]);
  });

  it('lists the enrolled and the group members of a private channel, and the rest as candidates', () => {
    const { members, candidates } = channelPeople(
      { is_public: false, channel_group: ['BARBARA@example.edu'] },
      roster,
      [enrolled('u1', 'Turing, Alan'), enrolled('u3', 'Hopper, Grace', true)],
    );
    expect(members.map((person) => [person.name, person.via])).toEqual([
      ['Alan Turing', 'enrolled'],
      ['Barbara Liskov', 'group'],
    ]);
    expect(candidates.map((person) => person.uid)).toEqual(['u3']);
  });

  it('leaves out an enrolled person disabled or gone in the class', () => {
    const { members } = channelPeople({ is_public: false, channel_group: [] }, roster, [
      enrolled('u1', 'Turing, Alan'),
      enrolled('u4', 'Gone, Greta'),
      enrolled('u9', 'Left, Lee'),
    ]);
    expect(members.map((person) => person.uid)).toEqual(['u1']);
  });
});
