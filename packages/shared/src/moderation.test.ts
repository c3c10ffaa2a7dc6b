import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODERATION,
  findPersonalData,
  flaggedQuestionReply,
  luhnValid,
  moderationSettings,
  moderationVerdict,
  profanityText,
  type ModerationFindings,
  type ModerationSettings,
  type PersonalDataKind,
} from './moderation';
import { flagHandledInputSchema, moderationSettingsInputSchema } from './schemas/moderation';

describe('luhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['5500005555555559', true],
    ['378282246310005', true],
    ['0', true],
    ['', false],
    ['79927398713', true],
    ['79927398710', false],
  ])('%s → %s', (digits, valid) => expect(luhnValid(digits)).toBe(valid));
});

describe('findPersonalData', () => {
  it.each<[string, PersonalDataKind[]]>([
    ['Write to ada@example.org about it', ['email']],
    ['(mailto:Grace.Hopper@navy.mil).', ['email']],
    ['@DataAnalystBot what is the mean?', []],
    ['me@DataAnalystBot is not an address', []],
    ['call (555) 123-4567 tonight', ['phone']],
    ['call 555.123.4567.', ['phone']],
    ['call 5551234567', ['phone']],
    ['ring +44 20 7946 0958 please', ['phone']],
    ['ring +1 (555) 123-4567', ['phone']],
    ['mon numéro: 01 23 45 67 89', ['phone']],
    ['07700 900123 is mine', ['phone']],
    ['the date 2026-11-29 10:16 is fine', []],
    ['pi is 3.14159 and e is 2.71828', []],
    ['score,hours\n12,3\n1234567890123,4', []],
    ['an id 12345678901234 of a row', []],
    ['+12 alone is no phone', []],
    ['card 4111 1111 1111 1111 expires', ['card']],
    ['card 4111-1111-1111-1111', ['card']],
    ['not a card 4111 1111 1111 1112', []],
    ['mail a@b.co, phone 555-123-4567, card 4111111111111111', ['email', 'phone', 'card']],
    ['mean of score by group', []],
  ])('%j → %j', (text, kinds) => expect(findPersonalData(text)).toEqual(kinds));

  it('leaves out the writer’s own address, in any case', () => {
    expect(findPersonalData('I am Ada@Example.org', ['ada@example.org'])).toEqual([]);
    expect(findPersonalData('Bob is bob@example.org', ['ada@example.org'])).toEqual(['email']);
  });

  it('reads a long message in time linear in its length', () => {
    // A run of digits and of address characters as long as a message may be: no pattern backtracks
    // over it (each would take minutes if one did).
    for (const text of [
      '1'.repeat(8192),
      `${'a.'.repeat(4000)}@`,
      '1 '.repeat(4096),
      '+1'.repeat(4096),
    ]) {
      expect(findPersonalData(text)).toEqual([]);
    }
  });
});

describe('profanityText', () => {
  it.each([
    ['@DataAnalystBot mean of score', [], '  mean of score'],
    ['Thanks, DataAnalystBot!', ['DataAnalystBot'], 'Thanks,  !'],
    ['dataanalystbot: hi @Ada_2', ['DataAnalystBot'], ' : hi  '],
    ['a.b@c.org stays', [], 'a.b@c.org stays'],
  ])('%j without %j → %j', (text, names, out) => {
    expect(profanityText(text, names)).toBe(out);
  });
});

const none: ModerationFindings = { profane: false, personalData: [], external: null };
const allOff: ModerationSettings = { profanity: false, personal_data: false, external: false };

describe('moderationVerdict', () => {
  it.each<[string, ModerationFindings, ModerationSettings, string | null]>([
    ['nothing found', none, DEFAULT_MODERATION, null],
    ['profanity', { ...none, profane: true }, DEFAULT_MODERATION, 'profanity'],
    [
      'profanity off',
      { ...none, profane: true },
      { ...DEFAULT_MODERATION, profanity: false },
      null,
    ],
    ['an address', { ...none, personalData: ['email'] }, DEFAULT_MODERATION, 'personal_data'],
    [
      'personal data off',
      { ...none, personalData: ['phone'] },
      { ...DEFAULT_MODERATION, personal_data: false },
      null,
    ],
    ['the service', { ...none, external: ['harassment'] }, DEFAULT_MODERATION, 'external'],
    ['the service said nothing', { ...none, external: [] }, DEFAULT_MODERATION, null],
    [
      'the service off',
      { ...none, external: ['violence'] },
      { ...DEFAULT_MODERATION, external: false },
      null,
    ],
    [
      'profanity first',
      { profane: true, personalData: ['card'], external: ['x'] },
      DEFAULT_MODERATION,
      'profanity',
    ],
    ['all off', { profane: true, personalData: ['card'], external: ['x'] }, allOff, null],
  ])('%s', (_name, findings, settings, category) => {
    const verdict = moderationVerdict(findings, settings);
    expect(verdict.flagged ? verdict.category : null).toBe(category);
  });

  it('names the kinds found, never the data', () => {
    const verdict = moderationVerdict(
      { ...none, personalData: ['email', 'card'] },
      DEFAULT_MODERATION,
    );
    expect(verdict).toEqual({
      flagged: true,
      category: 'personal_data',
      detail: 'an e-mail address, a payment card number',
    });
  });

  it('the neutral reply repeats nothing of the question', () => {
    expect(flaggedQuestionReply('DataAnalystBot')).toMatch(/^DataAnalystBot can't respond/);
  });
});

describe('settings', () => {
  it('reads a stored setting with the defaults', () => {
    expect(moderationSettings(null)).toEqual(DEFAULT_MODERATION);
    expect(moderationSettings({ profanity: false })).toEqual({
      ...DEFAULT_MODERATION,
      profanity: false,
    });
  });

  it.each([
    [{ profanity: true, personal_data: false, external: true }, true],
    [{ profanity: true, personal_data: false }, false],
    [{ profanity: 'yes', personal_data: false, external: true }, false],
    [{ profanity: true, personal_data: false, external: true, other: true }, false],
  ])('%j valid: %s', (settings, valid) => {
    expect(moderationSettingsInputSchema.safeParse({ class_id: 'c1', settings }).success).toBe(
      valid,
    );
  });

  it('refuses an empty exchange id', () => {
    expect(
      flagHandledInputSchema.safeParse({ class_id: 'c', activity_id: 'a', job_id: '' }).success,
    ).toBe(false);
  });
});
