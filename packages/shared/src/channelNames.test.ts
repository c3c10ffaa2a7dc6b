import { describe, expect, it } from 'vitest';
import {
  channelNameClashMessage,
  channelNameKey,
  findChannelNameClash,
  type NamedChannel,
} from './channelNames';

describe('channelNameKey', () => {
  it.each<[unknown, string]>([
    ['general', 'general'],
    ['General', 'general'],
    ['  General  ', 'general'],
    ['\tTeam Red\n', 'team red'],
    ['Team  Red', 'team  red'],
    ['ÉQUIPE', 'équipe'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
    [42, ''],
  ])('%j → %j', (name, key) => {
    expect(channelNameKey(name)).toBe(key);
  });
});

describe('findChannelNameClash', () => {
  const channels: NamedChannel[] = [
    { channel_id: 'c1', name: 'general' },
    { channel_id: 'c2', name: 'Team Red' },
    { channel_id: 'c3', name: 'archive', deleted: true },
    { channel_id: 'c4', name: '' },
  ];

  it.each<[string, string, string | undefined, string | null]>([
    ['same name', 'general', undefined, 'c1'],
    ['other case', 'GENERAL', undefined, 'c1'],
    ['spaces around', '  team red ', undefined, 'c2'],
    ['a new name', 'team blue', undefined, null],
    ['a deleted channel’s name is free', 'Archive', undefined, null],
    ['a blank name never clashes', '  ', undefined, null],
    ['renaming a channel to its own name', 'General', 'c1', null],
    ['renaming a channel to another’s name', 'general', 'c2', 'c1'],
    ['inner spaces count', 'team  red', undefined, null],
  ])('%s', (_label, name, except, clashId) => {
    expect(findChannelNameClash(name, channels, except)?.channel_id ?? null).toBe(clashId);
  });
});

describe('channelNameClashMessage', () => {
  it('names the channel it clashes with', () => {
    expect(channelNameClashMessage(' Team Red ')).toBe(
      'A channel named “Team Red” already exists in this class. Choose another name.',
    );
  });
});
