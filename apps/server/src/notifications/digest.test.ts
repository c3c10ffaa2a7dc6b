import { describe, expect, it } from 'vitest';
import { composeDigest, digestAuthorName, DIGEST_MAX_LISTED } from './digest';
import type { DigestEntry } from './jobs';

const entry = (index: number): DigestEntry => ({
  message_id: `m${index}`,
  class_id: 'c1',
  class_name: 'Logic 101',
  channel_id: 'ch1',
  channel_name: 'general',
  seq: index,
  body: `message ${index}`,
  author_uid: 'u-marie',
  author_name: 'Marie Curie',
  pseudonym: null,
  recipient_staff: false,
  created_at: new Date(0),
  reachable: true,
  due: true,
});

const compose = (entries: DigestEntry[]) =>
  composeDigest({
    appName: 'Seminar',
    publicUrl: 'https://seminar.example.edu',
    recipient: { email: 'ada@example.edu', name: 'Ada', email_delay: '10m' },
    entries,
    names: new Map(),
    unsubscribeUrl: 'https://seminar.example.edu/api/notifications/unsubscribe?u=u1&s=x',
    uid: 'u1',
  });

describe('composeDigest', () => {
  it('lists at most DIGEST_MAX_LISTED messages and says how many more', () => {
    const mail = compose(Array.from({ length: DIGEST_MAX_LISTED + 5 }, (_, i) => entry(i + 1)));
    expect(mail.subject).toBe(`${DIGEST_MAX_LISTED + 5} messages mention you in Logic 101`);
    expect(mail.text.match(/^Open: /gm)).toHaveLength(DIGEST_MAX_LISTED);
    expect(mail.text).toContain('…and 5 more: open Seminar to read them.');
  });

  it('gives the same Message-ID to the same digest, another to another', () => {
    const one = compose([entry(1), entry(2)]);
    expect(compose([entry(1), entry(2)]).headers?.['Message-ID']).toBe(one.headers?.['Message-ID']);
    expect(compose([entry(1)]).headers?.['Message-ID']).not.toBe(one.headers?.['Message-ID']);
  });
});

describe('digestAuthorName: pseudonyms in an anonymous case channel (docs/activities.md#anonymity)', () => {
  it.each([
    [null, false, 'Marie Curie'],
    [null, true, 'Marie Curie'],
    [4, false, 'Participant 4'],
    [4, true, 'Marie Curie'],
  ])('pseudonym %s, recipient staff %s → %s', (pseudonym, staff, name) => {
    expect(digestAuthorName({ ...entry(1), pseudonym, recipient_staff: staff })).toBe(name);
  });
  it('a student’s mail says nothing of the author', () => {
    const mail = compose([{ ...entry(1), pseudonym: 4 }]);
    expect(JSON.stringify(mail)).not.toMatch(/Marie|u-marie/);
  });
});
