import { describe, expect, it } from 'vitest';
import type { Role } from './constants';
import {
  type ChannelLike,
  type ChannelViewer,
  canSeeChannel,
  channelGroupEmail,
  enrolledChannelIds,
  isListed,
  isOwnChannel,
  listVisible,
  shownChannelGroup,
  studentChannelMemberships,
  visibleChannels,
} from './visibility';

describe('isListed', () => {
  const live = { enabled: true, deleted: false };
  const disabled = { enabled: false, deleted: false };
  const deleted = { enabled: true, deleted: true };
  const gone = { enabled: false, deleted: true };
  it.each<[string, { enabled: boolean; deleted: boolean }, Role | null, boolean]>([
    ['enabled item, student', live, 'student', true],
    ['enabled item, admin', live, 'admin', true],
    ['enabled item, instructor', live, 'instructor', true],
    ['enabled item, no role', live, null, false],
    ['disabled item, student', disabled, 'student', false],
    ['disabled item, admin', disabled, 'admin', true],
    ['disabled item, instructor', disabled, 'instructor', true],
    ['disabled item, no role', disabled, null, false],
    ['deleted item, student', deleted, 'student', false],
    ['deleted item, admin', deleted, 'admin', false],
    ['deleted item, instructor', deleted, 'instructor', false],
    ['deleted and disabled item, instructor', gone, 'instructor', false],
  ])('%s → %j', (_label, item, role, expected) => {
    expect(isListed(item, role)).toBe(expected);
  });

  it('listVisible keeps input order and the items themselves', () => {
    const items = [
      { id: 'a', enabled: true, deleted: false },
      { id: 'b', enabled: false, deleted: false },
      { id: 'c', enabled: true, deleted: true },
      { id: 'd', enabled: true, deleted: false },
    ];
    expect(listVisible(items, 'student').map((i) => i.id)).toEqual(['a', 'd']);
    expect(listVisible(items, 'instructor').map((i) => i.id)).toEqual(['a', 'b', 'd']);
    expect(listVisible(items, null)).toEqual([]);
    expect(listVisible([], 'instructor')).toEqual([]);
    expect(listVisible(items, 'student')[0]).toBe(items[0]);
  });
});

describe('isOwnChannel', () => {
  it.each<[string, readonly string[] | null | undefined, string | null | undefined, boolean]>([
    ['e-mail in the group', ['ann@x.org', 'bo@x.org'], 'bo@x.org', true],
    ['different case and spaces', [' Ann@X.org '], 'ANN@x.ORG  ', true],
    ['e-mail not in the group', ['ann@x.org'], 'bo@x.org', false],
    ['empty group', [], 'ann@x.org', false],
    ['null group', null, 'ann@x.org', false],
    ['missing group', undefined, 'ann@x.org', false],
    ['null e-mail', ['ann@x.org'], null, false],
    ['missing e-mail', ['ann@x.org'], undefined, false],
    ['blank e-mail with a blank entry', ['', ' '], '  ', false],
    ['a prefix is not a match', ['ann@x.org'], 'ann@x.or', false],
  ])('%s → %j', (_label, group, email, expected) => {
    expect(isOwnChannel({ channel_group: group }, email)).toBe(expected);
  });

  it('ignores non-text entries that slipped into stored data', () => {
    const group = [null, 5, 'ann@x.org'] as unknown as string[];
    expect(isOwnChannel({ channel_group: group }, 'ann@x.org')).toBe(true);
  });
});

describe('shownChannelGroup', () => {
  const group = ['ann@x.org', ' Bo@X.org ', 'cy@x.org'];
  it.each<[string, Role | null, string | null | undefined, string[]]>([
    ['an instructor sees the whole group', 'instructor', null, group],
    ['a class admin sees the whole group', 'admin', 'zed@x.org', group],
    ['a student in the group sees only their own address', 'student', 'bo@x.org', [' Bo@X.org ']],
    ['a student outside the group sees none', 'student', 'dee@x.org', []],
    ['a student without a verified address sees none', 'student', null, []],
    ['a missing e-mail sees none', 'student', undefined, []],
    ['a blank e-mail sees none', 'student', '  ', []],
    ['no role in the class sees none', null, 'ann@x.org', []],
  ])('%s', (_label, role, email, expected) => {
    expect(shownChannelGroup({ channel_group: group }, { role, email })).toEqual(expected);
  });

  it('treats a missing group as empty and drops non-text entries', () => {
    expect(shownChannelGroup({ channel_group: null }, { role: 'instructor' })).toEqual([]);
    const odd = [null, 'ann@x.org'] as unknown as string[];
    expect(shownChannelGroup({ channel_group: odd }, { role: 'admin' })).toEqual(['ann@x.org']);
  });
});

describe('channelGroupEmail', () => {
  it.each<[string, { email?: string | null; emailVerified?: boolean | null }, string | null]>([
    ['verified address', { email: 'ann@x.org', emailVerified: true }, 'ann@x.org'],
    ['unverified address', { email: 'ann@x.org', emailVerified: false }, null],
    ['verification unknown', { email: 'ann@x.org' }, null],
    ['verification null', { email: 'ann@x.org', emailVerified: null }, null],
    ['verified, no address', { email: null, emailVerified: true }, null],
  ])('%s → %j', (_label, user, expected) => {
    expect(channelGroupEmail(user)).toBe(expected);
  });

  it('an unverified viewer does not see a private channel grouped to their address', () => {
    const grouped = {
      channel_id: 'team',
      is_public: false,
      enabled: true,
      deleted: false,
      channel_group: ['ann@x.org'],
    };
    const viewer = (emailVerified: boolean) => ({
      role: 'student' as const,
      email: channelGroupEmail({ email: 'ann@x.org', emailVerified }),
      enrolledChannelIds: new Set<string>(),
    });
    expect(canSeeChannel(grouped, viewer(false))).toBe(false);
    expect(canSeeChannel(grouped, viewer(true))).toBe(true);
  });
});

describe('canSeeChannel', () => {
  const channel = (overrides: Partial<ChannelLike> = {}): ChannelLike => ({
    channel_id: 'ch1',
    is_public: false,
    enabled: true,
    deleted: false,
    channel_group: [],
    ...overrides,
  });
  const viewer = (role: Role | null, overrides: Partial<ChannelViewer> = {}): ChannelViewer => ({
    role,
    uid: 'u1',
    email: 'ann@x.org',
    enrolledChannelIds: new Set<string>(),
    ...overrides,
  });
  const enrolled = { enrolledChannelIds: new Set(['ch1']) };

  it.each<[string, Partial<ChannelLike>, Role | null, Partial<ChannelViewer>, boolean]>([
    ['instructor, private channel', {}, 'instructor', {}, true],
    ['instructor, disabled channel', { enabled: false }, 'instructor', {}, true],
    ['instructor, deleted channel', { deleted: true }, 'instructor', {}, false],
    ['admin, disabled private channel', { enabled: false }, 'admin', {}, true],
    ['admin, deleted public channel', { deleted: true, is_public: true }, 'admin', {}, false],
    ['student, public channel', { is_public: true }, 'student', {}, true],
    ['student, disabled public channel', { is_public: true, enabled: false }, 'student', {}, false],
    ['student, deleted public channel', { is_public: true, deleted: true }, 'student', {}, false],
    ['student, private channel, not enrolled', {}, 'student', {}, false],
    ['student, private channel, enrolled', {}, 'student', enrolled, true],
    ['student, enrolled but disabled', { enabled: false }, 'student', enrolled, false],
    ['student, enrolled but deleted', { deleted: true }, 'student', enrolled, false],
    [
      'student, enrolled elsewhere only',
      {},
      'student',
      { enrolledChannelIds: new Set(['ch2']) },
      false,
    ],
    ['student, own team channel', { channel_group: ['Ann@X.org'] }, 'student', {}, true],
    [
      'student, own team channel disabled',
      { channel_group: ['ann@x.org'], enabled: false },
      'student',
      {},
      false,
    ],
    [
      'student, own team channel, no e-mail',
      { channel_group: ['ann@x.org'] },
      'student',
      { email: null },
      false,
    ],
    ['no role, public channel', { is_public: true }, null, {}, false],
    ['no role, enrolled', {}, null, enrolled, false],
  ])('%s → %j', (_label, channelOverrides, role, viewerOverrides, expected) => {
    expect(canSeeChannel(channel(channelOverrides), viewer(role, viewerOverrides))).toBe(expected);
  });

  it('visibleChannels keeps the visible ones in input order', () => {
    const channels = [
      channel({ channel_id: 'pub', is_public: true }),
      channel({ channel_id: 'off', enabled: false }),
      channel({ channel_id: 'mine' }),
      channel({ channel_id: 'del', deleted: true, is_public: true }),
      channel({ channel_id: 'team', channel_group: ['ann@x.org'] }),
      channel({ channel_id: 'other' }),
    ];
    const ids = (role: Role | null) =>
      visibleChannels(channels, viewer(role, { enrolledChannelIds: new Set(['mine']) })).map(
        (c) => c.channel_id,
      );
    expect(ids('student')).toEqual(['pub', 'mine', 'team']);
    expect(ids('instructor')).toEqual(['pub', 'off', 'mine', 'team', 'other']);
    expect(ids('admin')).toEqual(['pub', 'off', 'mine', 'team', 'other']);
    expect(ids(null)).toEqual([]);
  });
});

describe('studentChannelMemberships and enrolledChannelIds', () => {
  const records = [
    { channel_id: 'a', uid: 'u1', enabled: true, deleted: false },
    { channel_id: 'b', uid: 'u2', enabled: true, deleted: false },
    { channel_id: 'c', uid: 'u1', enabled: false, deleted: false },
    { channel_id: 'd', uid: 'u1', enabled: true, deleted: true },
    { channel_id: 'e', uid: 'u1', enabled: true, deleted: false },
    { channel_id: 'e', uid: 'u1', enabled: true, deleted: false },
  ];

  it.each([
    ['u1', ['a', 'e', 'e']],
    ['u2', ['b']],
    ['u3', []],
    ['', []],
  ])('memberships of %j are %j', (uid, expected) => {
    expect(studentChannelMemberships(records, uid).map((r) => r.channel_id)).toEqual(expected);
  });

  it.each([
    ['u1', ['a', 'e']],
    ['u2', ['b']],
    ['u3', []],
  ])('enrolled channel ids of %j are %j (no duplicates)', (uid, expected) => {
    expect([...enrolledChannelIds(records, uid)]).toEqual(expected);
  });

  it('is empty for no records', () => {
    expect(studentChannelMemberships([], 'u1')).toEqual([]);
  });
});
