import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  forgetDrafts,
  loadDraft,
  MAX_DRAFT_LENGTH,
  MAX_DRAFTS,
  saveDraft,
  type DraftScope,
  type DraftStorage,
} from './drafts';

/** An in-memory Storage (the real interface's three methods), with its keys inspectable. */
function memoryStorage(): DraftStorage & { keys: () => string[] } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

const scope = (over: Partial<DraftScope> = {}): DraftScope => ({
  uid: 'ada',
  classId: 'c1',
  channelId: 'general',
  ...over,
});

describe('drafts', () => {
  it('keeps a draft per person, class and channel', () => {
    const storage = memoryStorage();
    saveDraft(scope(), 'hello', storage, 1);
    saveDraft(scope({ channelId: 'team' }), 'team draft', storage, 2);
    saveDraft(scope({ uid: 'bo' }), 'bo’s draft', storage, 3);
    saveDraft(scope({ classId: 'c2' }), 'other class', storage, 4);
    expect(loadDraft(scope(), storage)).toBe('hello');
    expect(loadDraft(scope({ channelId: 'team' }), storage)).toBe('team draft');
    expect(loadDraft(scope({ uid: 'bo' }), storage)).toBe('bo’s draft');
    expect(loadDraft(scope({ classId: 'c2' }), storage)).toBe('other class');
    expect(loadDraft(scope({ channelId: 'none' }), storage)).toBe('');
  });

  it('forgets every draft of a person (their sign-out), and only theirs', () => {
    const storage = memoryStorage();
    saveDraft(scope(), 'hello', storage, 1);
    saveDraft(scope({ channelId: 'team' }), 'team draft', storage, 2);
    saveDraft(scope({ uid: 'bo' }), 'bo’s draft', storage, 3);
    forgetDrafts('ada', storage);
    expect(loadDraft(scope(), storage)).toBe('');
    expect(loadDraft(scope({ channelId: 'team' }), storage)).toBe('');
    expect(loadDraft(scope({ uid: 'bo' }), storage)).toBe('bo’s draft');
    expect(storage.keys().filter((key) => key.includes('ada'))).toEqual([]);
  });

  it('rewrites a draft and clears it when sent or emptied', () => {
    const storage = memoryStorage();
    saveDraft(scope(), 'hel', storage, 1);
    saveDraft(scope(), 'hello', storage, 2);
    expect(loadDraft(scope(), storage)).toBe('hello');
    clearDraft(scope(), storage);
    expect(loadDraft(scope(), storage)).toBe('');
    saveDraft(scope(), 'again', storage, 3);
    saveDraft(scope(), '  \n', storage, 4);
    expect(loadDraft(scope(), storage)).toBe('');
    // Nothing is left behind but the (empty) index.
    expect(storage.keys()).toEqual(['seminar.drafts.ada']);
  });

  it(`keeps the ${MAX_DRAFTS} most recently written drafts of a person`, () => {
    const storage = memoryStorage();
    for (let n = 0; n < MAX_DRAFTS + 5; n += 1) {
      saveDraft(scope({ channelId: `ch${n}` }), `draft ${n}`, storage, 1_000 + n);
    }
    // Writing an old draft again makes it recent: a new one then forgets ch6, not ch5.
    saveDraft(scope({ channelId: 'ch5' }), 'draft 5, again', storage, 5_000);
    saveDraft(scope({ channelId: 'new' }), 'a new draft', storage, 5_001);
    saveDraft(scope({ uid: 'bo' }), 'bo keeps his', storage, 1);
    expect(loadDraft(scope({ channelId: 'ch0' }), storage)).toBe('');
    expect(loadDraft(scope({ channelId: 'ch6' }), storage)).toBe('');
    expect(loadDraft(scope({ channelId: 'ch5' }), storage)).toBe('draft 5, again');
    expect(loadDraft(scope({ channelId: 'ch7' }), storage)).toBe('draft 7');
    expect(loadDraft(scope({ channelId: 'new' }), storage)).toBe('a new draft');
    expect(loadDraft(scope({ channelId: `ch${MAX_DRAFTS + 4}` }), storage)).toBe(
      `draft ${MAX_DRAFTS + 4}`,
    );
    expect(loadDraft(scope({ uid: 'bo' }), storage)).toBe('bo keeps his');
    const adaDrafts = storage.keys().filter((key) => key.startsWith('seminar.draft.ada.'));
    expect(adaDrafts).toHaveLength(MAX_DRAFTS);
  });

  it('cuts a draft past MAX_DRAFT_LENGTH', () => {
    const storage = memoryStorage();
    saveDraft(scope(), 'x'.repeat(MAX_DRAFT_LENGTH + 100), storage, 1);
    expect(loadDraft(scope(), storage)).toHaveLength(MAX_DRAFT_LENGTH);
  });

  it('survives a corrupt index and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem('seminar.drafts.ada', '{not json');
    saveDraft(scope(), 'still kept', storage, 1);
    expect(loadDraft(scope(), storage)).toBe('still kept');

    const full: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveDraft(scope(), 'lost', full, 1)).not.toThrow();
    expect(() => clearDraft(scope(), full)).not.toThrow();
    expect(loadDraft(scope(), full)).toBe('');
  });

  it('keeps ids with dots and slashes apart', () => {
    const storage = memoryStorage();
    saveDraft(scope({ classId: 'a.b', channelId: 'c' }), 'one', storage, 1);
    saveDraft(scope({ classId: 'a', channelId: 'b.c' }), 'two', storage, 2);
    saveDraft(scope({ classId: 'a/b', channelId: 'c' }), 'three', storage, 3);
    expect(loadDraft(scope({ classId: 'a.b', channelId: 'c' }), storage)).toBe('one');
    expect(loadDraft(scope({ classId: 'a', channelId: 'b.c' }), storage)).toBe('two');
    expect(loadDraft(scope({ classId: 'a/b', channelId: 'c' }), storage)).toBe('three');
  });
});
