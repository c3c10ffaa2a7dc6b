// Docs: docs/activities.md#anonymity — the web's part: names beside pseudonyms for staff, and no
// classmates in a student's mention picker in an anonymous case channel.
import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '@seminar/shared';
import { anonymousPeople, type ChatPeople } from './ChatPeople';
import { shownAuthorName } from './grouping';

describe('shownAuthorName', () => {
  it.each([
    [{ author_uid: 'ada', author_name: 'Ada', pseudonym: 3 }, 'Ada (Participant 3)'],
    [{ author_uid: 'anon:act:3', author_name: 'Participant 3', pseudonym: 3 }, 'Participant 3'],
    [{ author_uid: 'ada', author_name: 'Ada' }, 'Ada'],
  ])('%o → %s', (message, name) => {
    expect(shownAuthorName({ id: 'm', created_at: 0, ...message })).toBe(name);
  });
});

describe('anonymousPeople: a student mentions only staff', () => {
  const person = (uid: string) => ({ uid, name: uid, email: null, via: 'class' as const });
  const people: ChatPeople = {
    viewerUid: 'bob',
    nameOf: () => undefined,
    mentionable: [person('prof'), person('ada'), person('bob')],
    canMentionChannel: false,
  };
  const roster = [
    { uid: 'prof', role: 'instructor' },
    { uid: 'ada', role: 'student' },
    { uid: 'bob', role: 'student' },
  ] as unknown as RosterEntry[];
  it.each([
    ['bob', ['prof']],
    ['prof', ['prof', 'ada', 'bob']],
  ])('viewer %s → %o', (viewer, uids) => {
    expect(anonymousPeople(people, viewer, roster).mentionable.map((entry) => entry.uid)).toEqual(
      uids,
    );
  });
});
