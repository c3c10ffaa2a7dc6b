import { describe, expect, it } from 'vitest';
import type { NotifyLevel } from './notifyLevels';
import { pushKind, pushNotificationText, type PushKind } from './push';
import { pushSubscribeSchema, pushUnsubscribeSchema } from './schemas/push';

describe('pushKind', () => {
  it.each<[string, NotifyLevel, boolean, boolean, PushKind | null]>([
    ['a mention at level all', 'all', false, true, 'mention'],
    ['a mention at level mentions', 'mentions', false, true, 'mention'],
    ['a mention at level none', 'none', false, true, null],
    ['a message at level all', 'all', false, false, 'message'],
    ['a message at level mentions', 'mentions', false, false, null],
    ['a message at level none', 'none', false, false, null],
    ['one’s own mention', 'all', true, true, null],
    ['one’s own message', 'all', true, false, null],
  ])('%s', (_case, level, ownMessage, mentionsPerson, expected) => {
    expect(pushKind({ level, ownMessage, mentionsPerson })).toBe(expected);
  });
});

describe('pushNotificationText', () => {
  it.each([
    [
      'a mention',
      { kind: 'mention' as const, channel: 'general', author: 'Marie', excerpt: 'room 4' },
      { title: '#general · mentioned you', body: 'Marie: room 4' },
    ],
    [
      'a message',
      { kind: 'message' as const, channel: 'lab', author: 'Ada', excerpt: 'done' },
      { title: '#lab', body: 'Ada: done' },
    ],
    [
      'a flagged AI exchange',
      {
        kind: 'ai_flag' as const,
        channel: 'cholera',
        activity: 'Broad Street pump',
        author: 'DataAnalystBot',
        excerpt: 'Personal data (a phone number) in a question to DataAnalystBot.',
      },
      {
        title: 'Flagged AI exchange in Broad Street pump',
        body: 'Personal data (a phone number) in a question to DataAnalystBot.',
      },
    ],
  ])('%s', (_case, payload, expected) => {
    expect(pushNotificationText(payload)).toEqual(expected);
  });
});

const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

describe('pushSubscribeSchema', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a browser’s toJSON()',
      {
        endpoint: 'https://push.test/x',
        keys: { p256dh: P256DH, auth: AUTH },
        expirationTime: null,
      },
      true,
    ],
    [
      'with a label',
      { endpoint: 'https://push.test/x', keys: { p256dh: P256DH, auth: AUTH }, label: 'Chrome' },
      true,
    ],
    [
      'an http endpoint',
      { endpoint: 'http://push.test/x', keys: { p256dh: P256DH, auth: AUTH } },
      false,
    ],
    ['not a URL', { endpoint: 'https://', keys: { p256dh: P256DH, auth: AUTH } }, false],
    [
      'a javascript: endpoint',
      { endpoint: 'javascript:alert(1)', keys: { p256dh: P256DH, auth: AUTH } },
      false,
    ],
    [
      'an endpoint too long',
      { endpoint: `https://push.test/${'x'.repeat(2048)}`, keys: { p256dh: P256DH, auth: AUTH } },
      false,
    ],
    [
      'a compressed key',
      { endpoint: 'https://push.test/x', keys: { p256dh: `A${'A'.repeat(43)}`, auth: AUTH } },
      false,
    ],
    [
      'a short auth',
      { endpoint: 'https://push.test/x', keys: { p256dh: P256DH, auth: 'AAAA' } },
      false,
    ],
    [
      'standard base64',
      { endpoint: 'https://push.test/x', keys: { p256dh: `B${'+'.repeat(86)}`, auth: AUTH } },
      false,
    ],
    ['no keys', { endpoint: 'https://push.test/x' }, false],
    [
      'an unknown field',
      { endpoint: 'https://push.test/x', keys: { p256dh: P256DH, auth: AUTH }, uid: 'u' },
      false,
    ],
    [
      'a label too long',
      {
        endpoint: 'https://push.test/x',
        keys: { p256dh: P256DH, auth: AUTH },
        label: 'x'.repeat(101),
      },
      false,
    ],
  ])('%s', (_case, input, ok) => {
    expect(pushSubscribeSchema.safeParse(input).success).toBe(ok);
  });
});

describe('pushUnsubscribeSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['an endpoint', { endpoint: 'https://push.test/x' }, true],
    ['nothing', {}, false],
    ['a number', { endpoint: 7 }, false],
  ])('%s', (_case, input, ok) => {
    expect(pushUnsubscribeSchema.safeParse(input).success).toBe(ok);
  });
});
