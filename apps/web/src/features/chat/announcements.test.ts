import { describe, expect, it } from 'vitest';
import {
  ANNOUNCED_TEXT_MAX,
  arrivals,
  arrivalsText,
  arrivalText,
  newlyTyping,
  spokenText,
  startedTypingText,
} from './announcements';

const names = new Map([['u_ada', 'Ada Lovelace']]);
const nameOf = (uid: string) => names.get(uid);

describe('spokenText', () => {
  it.each([
    { body: 'Has anyone read chapter 3?', said: 'Has anyone read chapter 3?' },
    { body: 'ask <@u_ada> first', said: 'ask @Ada Lovelace first' },
    { body: 'see [the notes](https://example.edu/n) now', said: 'see the notes now' },
    { body: '![a chart](https://example.edu/c.png)', said: 'a chart' },
    { body: 'this is **very** _important_ and ~~not~~', said: 'this is very important and not' },
    { body: 'run `npm test` please', said: 'run npm test please' },
    { body: '# Title\n> quoted\n- one\n2. two', said: 'Title quoted one two' },
    { body: '  spaced \n\n out  ', said: 'spaced out' },
  ])('$body → $said', ({ body, said }) => {
    expect(spokenText(body, nameOf)).toBe(said);
  });

  it(`reads at most ${ANNOUNCED_TEXT_MAX} characters, ending with an ellipsis`, () => {
    const said = spokenText('word '.repeat(100), nameOf);
    expect(said.length).toBeLessThanOrEqual(ANNOUNCED_TEXT_MAX);
    expect(said.endsWith('word…')).toBe(true);
  });
});

describe('arrivalText', () => {
  it.each([
    { body: 'Hello', deleted: false, author: 'Alan Turing', said: 'Alan Turing: Hello' },
    { body: '', deleted: false, author: 'Alan Turing', said: 'New message from Alan Turing' },
    { body: 'gone', deleted: true, author: 'Alan Turing', said: 'New message from Alan Turing' },
    { body: 'Hello', deleted: false, author: '  ', said: 'Someone: Hello' },
  ])('$author, "$body" (deleted: $deleted) → $said', ({ body, deleted, author, said }) => {
    expect(arrivalText({ body, deleted }, author, nameOf)).toBe(said);
  });
});

describe('arrivals', () => {
  const since = 1_000;
  const message = (seq: number, author_uid: string, created_at: number) => ({
    seq,
    author_uid,
    created_at,
  });
  it.each([
    { why: 'a new message of someone else', m: message(11, 'u_ada', 2_000), said: true },
    { why: "the viewer's own", m: message(11, 'me', 2_000), said: false },
    {
      why: 'one the list had shown (an edit, a reaction)',
      m: message(10, 'u_ada', 2_000),
      said: false,
    },
    { why: 'an older page loaded by scrolling back', m: message(3, 'u_ada', 2_000), said: false },
    {
      why: 'one written before the channel opened (caught up)',
      m: message(11, 'u_ada', 999),
      said: false,
    },
  ])('$why: announced $said', ({ m, said }) => {
    expect(arrivals([m], 10, 'me', since)).toEqual(said ? [m] : []);
  });
});

describe('arrivalsText', () => {
  const one = (author: string) => ({ author, text: `${author}: hi` });
  it.each([
    { spoken: [], said: [] },
    { spoken: [one('Ada')], said: ['Ada: hi'] },
    { spoken: [one('Ada'), one('Bo'), one('Cy')], said: ['Ada: hi', 'Bo: hi', 'Cy: hi'] },
    {
      spoken: [one('Ada'), one('Bo'), one('Cy'), one('Di'), one('Ed')],
      said: ['5 new messages, the latest from Ed'],
    },
  ])('$spoken.length at once → $said', ({ spoken, said }) => {
    expect(arrivalsText(spoken)).toEqual(said);
  });
});

describe('typing', () => {
  it.each([
    { names: [], said: '' },
    { names: ['Ada'], said: 'Ada started typing' },
    { names: ['Ada', 'Bo'], said: 'Ada and Bo started typing' },
    { names: ['Ada', 'Bo', 'Cy'], said: 'Ada, Bo and Cy started typing' },
  ])('$names → "$said"', ({ names: who, said }) => {
    expect(startedTypingText(who)).toBe(said);
  });

  it.each([
    { why: 'Ada starts', before: [], now: ['Ada'], started: ['Ada'] },
    { why: 'Ada goes on typing: not again', before: ['Ada'], now: ['Ada'], started: [] },
    { why: 'Bo joins Ada', before: ['Ada'], now: ['Ada', 'Bo'], started: ['Bo'] },
    { why: 'Ada stops', before: ['Ada', 'Bo'], now: ['Bo'], started: [] },
    { why: 'Ada starts anew after stopping', before: ['Bo'], now: ['Ada', 'Bo'], started: ['Ada'] },
  ])('$why', ({ before, now, started }) => {
    expect(newlyTyping(before, now)).toEqual(started);
  });
});
