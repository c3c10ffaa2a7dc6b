import { describe, expect, it } from 'vitest';
import { mentionToken, type Message } from '@seminar/shared';
import {
  EXCERPT_MAX_LENGTH,
  messageExcerpt,
  messageToTell,
  notificationText,
} from './notificationText';

const names: Record<string, string> = { u_ada: 'Ada Lovelace', u_alan: 'Alan Turing' };
const nameOf = (uid: string) => names[uid];

function message(over: Partial<Message> = {}): Message {
  return {
    id: 'msg_1',
    class_id: 'class_1',
    channel_id: 'channel_1',
    seq: 1,
    author_uid: 'u_ada',
    author_name: 'Lovelace, Ada',
    body: 'hello',
    created_at: 0,
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: [],
    version: 1,
    ai: null,
    ...over,
  };
}

describe('messageExcerpt', () => {
  it.each([
    ['plain text', 'See you Monday', 'See you Monday'],
    ['emphasis and code', '**Bold** and *italic* with `x = 1`', 'Bold and italic with x = 1'],
    ['a link keeps its text', 'Read [the notes](https://example.org/n) now', 'Read the notes now'],
    ['lists and lines fold into one line', '- one\n- two\n\nthen\nmore', 'one · two then more'],
    ['a code block as its text', '```js\nlet a = 1;\n```', 'let a = 1;'],
    ['HTML stays text', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['@channel', 'Listen up @channel', 'Listen up @channel'],
  ])('%s', (_name, body, expected) => {
    expect(messageExcerpt(body, nameOf)).toBe(expected);
  });

  it('shows mentions by the current name, and someone for an unknown person', () => {
    expect(
      messageExcerpt(`${mentionToken('u_alan')} and ${mentionToken('u_gone')}: *look*`, nameOf),
    ).toBe('@Alan Turing and @someone: look');
  });

  it('cuts a long message at a word, within the limit, with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const excerpt = messageExcerpt(long, nameOf);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH);
    expect(excerpt).toMatch(/word…$/);
    const oneWord = 'x'.repeat(500);
    expect(messageExcerpt(oneWord, nameOf)).toBe(`${'x'.repeat(EXCERPT_MAX_LENGTH - 1)}…`);
  });

  it('grows linearly on hostile markdown up to the longest message (counted steps)', () => {
    const steps = (body: string) => {
      const counter = { steps: 0 };
      expect(messageExcerpt(body, nameOf, EXCERPT_MAX_LENGTH, counter).length).toBeLessThanOrEqual(
        EXCERPT_MAX_LENGTH,
      );
      return counter.steps / body.length;
    };
    for (const make of [
      (n: number) => '*a '.repeat(n / 3),
      (n: number) => '[<@u_alan> '.repeat(n / 11),
      (n: number) => '`` ` `` @channel '.repeat(n / 17),
    ]) {
      // 8192 characters is the longest message: half of it, then all of it.
      const small = steps(make(4096));
      const large = steps(make(8192));
      expect(small).toBeGreaterThan(1);
      expect(large).toBeLessThanOrEqual(16);
      expect(large / small).toBeLessThan(1.25);
    }
  });
});

describe('messageToTell', () => {
  const rows = [
    message({ id: 'm1', body: `hi ${mentionToken('u_alan')}` }),
    message({ id: 'm2', body: 'later' }),
    message({ id: 'm3', author_uid: 'u_alan', body: 'mine' }),
    message({ id: 'm4', deleted: true, body: '' }),
  ];

  it('tells the newest message of someone else, not deleted', () => {
    expect(messageToTell(rows, 'u_alan', false)?.id).toBe('m2');
  });
  it('for a mention, the newest that mentions the viewer (or @channel)', () => {
    expect(messageToTell(rows, 'u_alan', true)?.id).toBe('m1');
    expect(messageToTell([message({ body: 'all @channel' })], 'u_alan', true)?.id).toBe('msg_1');
    expect(messageToTell([message({ body: 'nobody' })], 'u_alan', true)).toBeNull();
  });
});

describe('notificationText', () => {
  it('names the author (by the current name) and the channel, with the excerpt', () => {
    expect(notificationText(message({ body: '**Quiz** at 10' }), 'general', false, nameOf)).toEqual(
      { title: 'Ada Lovelace in general', body: 'Quiz at 10' },
    );
    expect(
      notificationText(
        message({ body: `${mentionToken('u_alan')} see you` }),
        'general',
        true,
        nameOf,
      ),
    ).toEqual({ title: 'Ada Lovelace mentioned you in general', body: '@Alan Turing see you' });
  });

  it('uses the stored name for someone not in the roster, and names files of a message without text', () => {
    const file = { id: 'att_1', name: 'notes.pdf', type: 'application/pdf', size: 3 };
    expect(
      notificationText(
        message({
          author_uid: 'u_left',
          author_name: 'Hopper, Grace',
          body: '',
          attachments: [file],
        }),
        'team',
        false,
        nameOf,
      ),
    ).toEqual({ title: 'Grace Hopper in team', body: 'Sent a file: notes.pdf' });
  });
});
