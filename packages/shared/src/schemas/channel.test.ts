import { describe, expect, it } from 'vitest';
import { channelNotificationSchema, channelSchema, channelUserSchema } from './channel';

const firstPath = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path.join('.');

describe('channelSchema', () => {
  const minimal = { channel_id: 'general', class_id: 'c1', enabled: true, deleted: false };

  it('applies defaults', () => {
    expect(channelSchema.parse(minimal)).toEqual({
      ...minimal,
      name: '',
      is_public: false,
      channel_group: [],
      updated_at: null,
      updated_by: null,
      updated_by_name: null,
    });
  });

  it('normalizes the group e-mails', () => {
    expect(
      channelSchema.parse({ ...minimal, channel_group: [' Ann@X.org '] }).channel_group,
    ).toEqual(['ann@x.org']);
  });

  it.each([
    ['channel_id', { channel_id: '.' }],
    ['class_id', { class_id: undefined }],
    ['is_public', { is_public: 'true' }],
    ['channel_group.1', { channel_group: ['ann@x.org', 'not-an-email'] }],
    ['channel_group', { channel_group: 'ann@x.org' }],
    ['updated_at', { updated_at: 1.5 }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(firstPath(channelSchema.safeParse({ ...minimal, ...overrides }))).toBe(path);
  });
});

describe('channelUserSchema', () => {
  const record = { channel_id: 'ch1', class_id: 'c1', uid: 'u1', enabled: true, deleted: false };

  it('parses a record', () => {
    expect(channelUserSchema.parse(record)).toEqual(record);
  });

  it.each([
    ['channel_id', { channel_id: undefined }],
    ['uid', { uid: '' }],
    ['enabled', { enabled: null }],
    ['deleted', { deleted: 0 }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(firstPath(channelUserSchema.safeParse({ ...record, ...overrides }))).toBe(path);
  });
});

describe('channelNotificationSchema', () => {
  const notice = {
    type: 'user_typing',
    from: 'u1',
    created_at: 1_780_000_000_000,
    class_id: 'c1',
    channel_id: 'ch1',
  };

  it.each([['user_typing'], ['user_online']])('accepts type %s and defaults deleted', (type) => {
    expect(channelNotificationSchema.parse({ ...notice, type })).toEqual({
      ...notice,
      type,
      deleted: false,
    });
  });

  it.each([
    ['type', { type: 'user_left' }],
    ['from', { from: 'a/b' }],
    ['created_at', { created_at: '2026-01-01' }],
    ['channel_id', { channel_id: '__x__' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(firstPath(channelNotificationSchema.safeParse({ ...notice, ...overrides }))).toBe(path);
  });
});
