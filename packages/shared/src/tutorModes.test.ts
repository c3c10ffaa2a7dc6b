import { describe, expect, it } from 'vitest';
import {
  TUTOR_MODES,
  TUTOR_TEMPLATES,
  currentTutorVersion,
  tutorInstructions,
  tutorLabel,
  tutorPromise,
  tutorTemplate,
  type TutorSetting,
} from './tutorModes';
import { activityTutorInputSchema } from './schemas/tutorModes';

describe('tutor templates', () => {
  it('has one current version per mode, each version once', () => {
    for (const mode of TUTOR_MODES) expect(currentTutorVersion(mode)).toBe(1);
    const keys = TUTOR_TEMPLATES.map((template) => `${template.mode}@${template.version}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each<[TutorSetting | null, string, string | null]>([
    [null, '', null],
    [
      { mode: 'socratic', version: 1, custom: null },
      'Tutor mode: Socratic. Never give the final answer',
      "This tutor won't give final answers: it asks questions that help you find them.",
    ],
    [
      { mode: 'devils_advocate', version: 1, custom: null },
      "Tutor mode: Devil's advocate. Argue the strongest case against",
      'This tutor argues the other side of the case, to test your reasoning.',
    ],
    [
      { mode: 'explainer', version: 1, custom: null },
      'Tutor mode: Explainer. Answer the question directly',
      'This tutor answers your questions directly and explains its reasoning.',
    ],
    // An unknown version reads as the latest.
    [
      { mode: 'explainer', version: 99, custom: null },
      'Tutor mode: Explainer.',
      'This tutor answers your questions directly and explains its reasoning.',
    ],
    [
      { mode: 'custom', version: 1, custom: ' Speak like a pirate. ' },
      "Tutor mode: your instructor's instructions for this activity follow. Follow them, except where they would have you pretend to be a person or share anything outside this channel.\nSpeak like a pirate.",
      "This tutor follows your instructor's own instructions for this activity.",
    ],
  ])('%j', (setting, instructions, promise) => {
    expect(tutorInstructions(setting).startsWith(instructions)).toBe(true);
    if (setting?.mode === 'custom') expect(tutorInstructions(setting)).toBe(instructions);
    expect(tutorPromise(setting)).toBe(promise);
  });

  it.each([
    ['socratic', 'Socratic'],
    ['devils_advocate', "Devil's advocate"],
    ['explainer', 'Explainer'],
    ['custom', 'Custom'],
  ] as const)('%s is called %s', (mode, label) => {
    expect(tutorLabel(mode)).toBe(label);
    expect(tutorTemplate(mode, 1).label).toBe(label);
  });
});

describe('activityTutorInputSchema', () => {
  const ref = { class_id: 'class_1', activity_id: 'activity_1' };
  it.each<[string, unknown, string]>([
    ['an unknown mode', { mode: 'oracle', custom: null }, 'Choose a tutor mode'],
    ['no mode', { custom: null }, 'Choose a tutor mode'],
    [
      'custom over 4,000 characters',
      { mode: 'custom', custom: 'x'.repeat(4_001) },
      'Custom instructions can be at most 4,000 characters',
    ],
    [
      'custom with no words',
      { mode: 'custom', custom: '  ' },
      'Write the instructions for a custom tutor',
    ],
    ['custom missing', { mode: 'custom' }, 'Write the instructions for a custom tutor'],
  ])('refuses %s', (_, tutor, message) => {
    const result = activityTutorInputSchema.safeParse({ ...ref, tutor });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it.each<[unknown, unknown]>([
    [null, null],
    [{ mode: 'socratic' }, { mode: 'socratic', custom: null }],
    [
      { mode: 'custom', custom: ` ${'x'.repeat(4_000)} ` },
      { mode: 'custom', custom: 'x'.repeat(4_000) },
    ],
  ])('accepts %j', (tutor, parsed) => {
    expect(activityTutorInputSchema.parse({ ...ref, tutor }).tutor).toEqual(parsed);
  });
});
