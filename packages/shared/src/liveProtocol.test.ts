import { describe, expect, it } from 'vitest';
import {
  advanceStreamCursor,
  clientFrameSchema,
  decodeStreamCursor,
  encodeStreamCursor,
  laterStreamCursor,
  serverFrameSchema,
} from './liveProtocol';

describe('stream cursors', () => {
  it.each([
    ['12:345', { seq: 12, version: 345 }],
    ['0:0', { seq: 0, version: 0 }],
    ['', null],
    [null, null],
    [undefined, null],
    ['12', null],
    ['12:x', null],
    ['-1:3', null],
    ['1234567890123456:1', null],
  ])('decodes %j', (text, cursor) => {
    expect(decodeStreamCursor(text)).toEqual(cursor);
    if (cursor) expect(encodeStreamCursor(cursor)).toBe(text);
  });

  it('only moves forward, component by component', () => {
    expect(laterStreamCursor({ seq: 5, version: 10 }, { seq: 4, version: 12 })).toEqual({
      seq: 5,
      version: 12,
    });
    expect(laterStreamCursor(null, { seq: 1, version: 2 })).toEqual({ seq: 1, version: 2 });
    expect(laterStreamCursor({ seq: 1, version: 2 }, null)).toEqual({ seq: 1, version: 2 });
    expect(advanceStreamCursor(null, [])).toBeNull();
    expect(
      advanceStreamCursor({ seq: 3, version: 9 }, [
        { seq: 2, version: 11 },
        { seq: 4, version: 7 },
      ]),
    ).toEqual({ seq: 4, version: 11 });
  });
});

describe('frames', () => {
  it.each([
    [{ t: 'q', id: 1, p: 'me' }, true],
    [{ t: 'm', id: 2, p: 'messages.send', i: { body: 'x' } }, true],
    [{ t: 's', id: 3, p: 'messages.live', i: {} }, true],
    [{ t: 'u', p: 'messages.live', k: 'ch' }, true],
    [{ t: 'q', id: 0, p: 'me' }, false],
    [{ t: 'q', id: 1.5, p: 'me' }, false],
    [{ t: 'q', id: 1, p: '../x' }, false],
    [{ t: 'q', id: 1, p: 'me', extra: true }, false],
    [[{ t: 'q', id: 1, p: 'me' }], false],
    [{ t: 'x', id: 1, p: 'me' }, false],
  ])('client frame %j is valid: %s', (frame, valid) => {
    expect(clientFrameSchema.safeParse(frame).success).toBe(valid);
  });

  it.each([
    [{ t: 'r', id: 1, d: { a: 1 } }, true],
    [{ t: 'r', id: 1 }, true],
    [{ t: 'r', id: 1, e: { message: 'No.', code: -32004, data: { code: 'NOT_FOUND' } } }, true],
    [{ t: 's', id: 1, k: 'c', e: { type: 'snapshot', rows: [], replace: true } }, true],
    [
      {
        t: 's',
        id: 1,
        k: 'c',
        c: '1:2',
        e: { type: 'snapshot', rows: [{ version: 1 }], replace: false },
      },
      true,
    ],
    [{ t: 'e', p: 'x', k: 'y', e: { type: 'remove', ids: ['a'] } }, true],
    [{ t: 'e', p: 'x', k: 'y', e: { type: 'end', reason: 'gone', retry: true } }, true],
    [{ t: 'e', p: 'x', k: 'y', e: { type: 'upsert', rows: [{ id: 'no version' }] } }, false],
    [{ t: 'e', p: 'x', e: { type: 'remove', ids: [] } }, false],
    [{ t: 'r', id: 1, e: { message: 'No.' } }, false],
  ])('server frame %j is valid: %s', (frame, valid) => {
    expect(serverFrameSchema.safeParse(frame).success).toBe(valid);
  });
});
