import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGE_RANGE_MAX } from '../constants';
import { MAX_MENTIONS_PER_MESSAGE, mentionToken } from '../mentions';
import { makeRecordId } from '../recordId';
import {
  messageBodySchema,
  messageRangeInputSchema,
  messageEditInputSchema,
  messageInputSchema,
  messageSchema,
} from './message';

describe('messageBodySchema', () => {
  it.each([
    ['hello', true],
    ['  indented code', true],
    ['x'.repeat(MESSAGE_MAX_LENGTH), true],
    ['😀'.repeat(MESSAGE_MAX_LENGTH / 2), true],
    ['x'.repeat(MESSAGE_MAX_LENGTH + 1), false],
    ['', false],
    ['  \n\t', false],
    [5, false],
  ])('%j → valid %j', (body, valid) => {
    expect(messageBodySchema.safeParse(body).success).toBe(valid);
  });

  it('keeps the text exactly as written', () => {
    expect(messageBodySchema.parse('    code\n')).toBe('    code\n');
  });

  it.each([
    ['', 'Write a message'],
    [' ', 'Write a message'],
    [
      'x'.repeat(MESSAGE_MAX_LENGTH + 1),
      `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
    ],
  ])('explains why %j is refused', (body, message) => {
    expect(messageBodySchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual([
      message,
    ]);
  });
});

describe('messageSchema', () => {
  const message = {
    id: 'msg_20260308015959999_u1_k3j9x2',
    class_id: 'c1',
    channel_id: 'ch1',
    seq: 1,
    author_uid: 'u1',
    author_name: 'Ann',
    body: 'hello',
    created_at: 1_780_000_000_000,
  };

  it('applies defaults', () => {
    expect(messageSchema.parse(message)).toEqual({
      ...message,
      edited_at: null,
      attachments: [],
      deleted: false,
      reactions: [],
      version: 0,
      ai: null,
    });
  });

  it('accepts an empty body on a deleted message', () => {
    expect(messageSchema.safeParse({ ...message, body: '', deleted: true }).success).toBe(true);
  });

  it.each([
    ['seq', { seq: 0 }],
    ['seq', { seq: 1.5 }],
    ['body', { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }],
    ['edited_at', { edited_at: 'yesterday' }],
    ['author_uid', { author_uid: undefined }],
    ['id', { id: '' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(messageSchema.safeParse({ ...message, ...overrides }).error?.issues[0]?.path).toEqual([
      path,
    ]);
  });
});

describe('messageInputSchema and messageEditInputSchema', () => {
  const id = makeRecordId('msg', 'u1', new Date('2026-05-01T12:00:00Z'), () => 'abc123');

  it('accepts a post with a record id', () => {
    const post = { id, class_id: 'c1', channel_id: 'ch1', body: 'hi' };
    expect(messageInputSchema.parse(post)).toEqual(post);
  });

  it.each([
    ['id', { id: 'not-a-record-id' }],
    ['body', { body: '   ' }],
    ['channel_id', { channel_id: 'a/b' }],
  ])('rejects a bad post on %s', (path, overrides) => {
    const post = { id, class_id: 'c1', channel_id: 'ch1', body: 'hi', ...overrides };
    expect(messageInputSchema.safeParse(post).error?.issues[0]?.path).toEqual([path]);
  });

  it.each([
    [MAX_MENTIONS_PER_MESSAGE, true],
    [MAX_MENTIONS_PER_MESSAGE + 1, false],
  ])('holds a send and an edit to one mention limit: %i people → valid %j', (count, valid) => {
    const body = Array.from({ length: count }, (_, i) => mentionToken(`u${i}`)).join(' ');
    const error = `A message can mention at most ${MAX_MENTIONS_PER_MESSAGE} people`;
    const post = messageInputSchema.safeParse({ id, class_id: 'c1', channel_id: 'ch1', body });
    const edit = messageEditInputSchema.safeParse({ id, body });
    for (const outcome of [post, edit]) {
      expect(outcome.success).toBe(valid);
      if (!valid)
        expect(outcome.error?.issues.map((i) => [i.path, i.message])).toEqual([[['body'], error]]);
    }
    // The same person named twice counts once.
    const twice = `${body} ${mentionToken('u0')}`;
    expect(
      messageInputSchema.safeParse({ id, class_id: 'c1', channel_id: 'ch1', body: twice }).success,
    ).toBe(valid);
  });

  it('accepts an edit and refuses a blank one', () => {
    expect(messageEditInputSchema.parse({ id, body: 'fixed' })).toEqual({ id, body: 'fixed' });
    expect(messageEditInputSchema.safeParse({ id, body: '' }).error?.issues[0]?.path).toEqual([
      'body',
    ]);
  });
});

describe('messageRangeInputSchema', () => {
  const ids = { class_id: 'class_1', channel_id: 'channel_1' };
  it.each([
    [{ ...ids, fromSeq: 1, beforeSeq: 2 }, true],
    [{ ...ids, fromSeq: 100, beforeSeq: 100 + MESSAGE_RANGE_MAX }, true],
    [{ ...ids, fromSeq: 100, beforeSeq: 101 + MESSAGE_RANGE_MAX }, false],
    [{ ...ids, fromSeq: 5, beforeSeq: 5 }, false],
    [{ ...ids, fromSeq: 6, beforeSeq: 5 }, false],
    [{ ...ids, fromSeq: 0, beforeSeq: 5 }, false],
    [{ fromSeq: 1, beforeSeq: 5 }, false],
  ])('%j → valid %j', (input, valid) => {
    expect(messageRangeInputSchema.safeParse(input).success).toBe(valid);
  });
});
