import { describe, expect, it } from 'vitest';
import {
  DIGEST_EXCERPT_LENGTH,
  digestExcerpt,
  digestSubject,
  emailDelayMs,
  messageLinkPath,
} from './awayNotifications';
import { notificationSettingsUpdateSchema } from './schemas/notificationSettings';

const names = new Map([['u-ada', 'Ada Lovelace']]);

describe('digestExcerpt', () => {
  it.each([
    ['plain words', 'Room 4 tomorrow', 'Room 4 tomorrow'],
    ['a mention by name', 'Hi <@u-ada>, see this', 'Hi @Ada Lovelace, see this'],
    ['an unknown person', 'Hi <@u-zed>', 'Hi @someone'],
    ['@channel', '@channel: room 4', '@channel: room 4'],
    ['emphasis and code marks', '**Bold** and `code` and _it_', 'Bold and code and it'],
    ['a link as its text', 'See [the notes](https://x.test/n)', 'See the notes'],
    ['lines and list marks folded', '# Plan\n- one\n- two\n> quoted', 'Plan one two quoted'],
    ['a fence', '```csv\nx,y\n```', 'x,y'],
  ])('%s', (_case, body, expected) => {
    expect(digestExcerpt(body, names)).toBe(expected);
  });

  it('cuts a long message at a word with an ellipsis', () => {
    const body = 'word '.repeat(100);
    const excerpt = digestExcerpt(body, names);
    expect(excerpt.length).toBeLessThanOrEqual(DIGEST_EXCERPT_LENGTH);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('cuts one long word without breaking a character', () => {
    const excerpt = digestExcerpt('😀'.repeat(200), names);
    expect(excerpt.length).toBeLessThanOrEqual(DIGEST_EXCERPT_LENGTH);
    expect(excerpt.endsWith('😀…')).toBe(true);
  });
});

describe('emailDelayMs', () => {
  it.each([
    ['off', null],
    ['10m', 600_000],
    ['1h', 3_600_000],
  ] as const)('%s', (delay, ms) => expect(emailDelayMs(delay)).toBe(ms));
});

describe('digestSubject', () => {
  it.each([
    [1, ['Logic'], 'You were mentioned in Logic'],
    [3, ['Logic', 'Logic'], '3 messages mention you in Logic'],
    [2, ['Logic', 'Art'], '2 messages mention you while you were away'],
  ])('%i in %j', (count, classes, subject) => expect(digestSubject(count, classes)).toBe(subject));
});

describe('messageLinkPath', () => {
  it('opens the channel at the message', () => {
    expect(messageLinkPath({ class_id: 'c 1', channel_id: 'ch', message_id: 'm&1', seq: 7 })).toBe(
      '/classes/c%201?channel=ch&message=m%261&seq=7',
    );
  });
});

describe('notificationSettingsUpdateSchema', () => {
  it.each([
    [{ email_delay: '1h' }, true],
    [{ email_delay: '5m' }, false],
    [{ class_id: 'class_1', muted: true }, true],
    [{ class_id: 'a/b', muted: true }, false],
    [{ class_id: 'class_1' }, false],
    [{ email_delay: 'off', extra: 1 }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(notificationSettingsUpdateSchema.safeParse(input).success).toBe(valid);
  });
});
