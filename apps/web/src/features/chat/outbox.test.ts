import { describe, expect, it } from 'vitest';
import { makeMessage as message } from '../../testing/classFixtures';
import { addToOutbox, MAX_OUTBOX, outboxRow, readOutbox, removeFromOutbox } from './outbox';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('outbox', () => {
  it('keeps the files a message carries, so a reload sends them again', () => {
    const storage = memoryStorage();
    const file = { id: 'att_1', name: 'notes.pdf', type: 'application/pdf', size: 1234 };
    addToOutbox('u1', message('m1', { attachments: [file] }), storage);
    const [entry] = readOutbox('u1', storage);
    expect(entry?.attachments).toEqual([file]);
    expect(outboxRow(entry!, 7).attachments).toEqual([file]);
  });

  it('keeps unsent messages per person, once per id, oldest first, until forgotten', () => {
    const storage = memoryStorage();
    addToOutbox('u1', message('m1'), storage);
    addToOutbox('u1', message('m2'), storage);
    addToOutbox('u1', message('m1'), storage);
    expect(readOutbox('u1', storage).map((entry) => entry.id)).toEqual(['m1', 'm2']);
    expect(readOutbox('u2', storage)).toEqual([]);
    removeFromOutbox('u1', ['m1'], storage);
    expect(readOutbox('u1', storage).map((entry) => entry.id)).toEqual(['m2']);
    removeFromOutbox('u1', ['m2'], storage);
    expect(storage.map.size).toBe(0);
  });

  it('turns an entry back into the same message, not yet numbered', () => {
    const storage = memoryStorage();
    addToOutbox('u1', message('m1'), storage);
    const [entry] = readOutbox('u1', storage);
    expect(outboxRow(entry!, Number.MAX_SAFE_INTEGER)).toEqual(message('m1'));
  });

  it('is bounded, and survives corrupt or failing storage', () => {
    const storage = memoryStorage();
    for (let index = 0; index < MAX_OUTBOX + 5; index += 1)
      addToOutbox('u1', message(`m${index}`), storage);
    expect(readOutbox('u1', storage)).toHaveLength(MAX_OUTBOX);
    storage.map.set('seminar.outbox.u2', '{not json');
    expect(readOutbox('u2', storage)).toEqual([]);
    storage.map.set('seminar.outbox.u3', JSON.stringify([{ id: 'x' }, 42]));
    expect(readOutbox('u3', storage)).toEqual([]);
    const failing = {
      getItem: () => {
        throw new Error('off');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(() => addToOutbox('u1', message('m1'), failing)).not.toThrow();
    expect(readOutbox('u1', failing)).toEqual([]);
  });
});
