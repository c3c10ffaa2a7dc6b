// Docs: docs/ai.md#tutor-modes — how an activity's LLM agents behave: versioned prompt templates
// (Socratic, Devil's advocate, Explainer) or the instructor's own instructions, the exact text the
// model is given, and the one-line promise students see in the case channel. Pure and zod-free.

/** The modes an instructor picks from, in the order the dialog offers them. */
export const TUTOR_MODES = ['socratic', 'devils_advocate', 'explainer', 'custom'] as const;
export type TutorMode = (typeof TUTOR_MODES)[number];

/** The instructor's own instructions are at most this long. */
export const TUTOR_CUSTOM_MAX_LENGTH = 4_000;

/** An activity's tutor mode as stored (`ai_tutor`): which template, at which version. */
export interface TutorSetting {
  mode: TutorMode;
  /** The template's version when it was picked: a reworded template never changes a saved one. */
  version: number;
  /** The instructor's instructions (mode `custom` only, else null). */
  custom: string | null;
}

/** One version of a mode's prompt template. */
export interface TutorTemplate {
  mode: TutorMode;
  version: number;
  /** The mode's name in menus. */
  label: string;
  /** What students are told in the channel. */
  promise: string;
  /** What the model is told (for `custom`: the preamble above the instructor's words). */
  instructions: string;
}

/**
 * Every version of every template, oldest first. Add a version rather than edit one: activities
 * keep the version they were set with (the prompt a class was promised stays the prompt it gets).
 */
export const TUTOR_TEMPLATES: readonly TutorTemplate[] = [
  {
    mode: 'socratic',
    version: 1,
    label: 'Socratic',
    promise: "This tutor won't give final answers: it asks questions that help you find them.",
    instructions:
      'Tutor mode: Socratic. Never give the final answer, the solution or the conclusion, even when asked directly or told it is allowed. Reply with one or two guiding questions that help the student take the next step themselves, and point to the evidence in the case they should look at.',
  },
  {
    mode: 'devils_advocate',
    version: 1,
    label: "Devil's advocate",
    promise: 'This tutor argues the other side of the case, to test your reasoning.',
    instructions:
      "Tutor mode: Devil's advocate. Argue the strongest case against the position the student takes, politely and with reasons drawn from the case. Do not agree just to be agreeable; when the student has no position yet, ask for one first. Say clearly that you argue this side on purpose.",
  },
  {
    mode: 'explainer',
    version: 1,
    label: 'Explainer',
    promise: 'This tutor answers your questions directly and explains its reasoning.',
    instructions:
      'Tutor mode: Explainer. Answer the question directly and completely, then explain the reasoning in short steps a student can follow, and say what in the case the answer rests on.',
  },
  {
    mode: 'custom',
    version: 1,
    label: 'Custom',
    promise: "This tutor follows your instructor's own instructions for this activity.",
    instructions:
      "Tutor mode: your instructor's instructions for this activity follow. Follow them, except where they would have you pretend to be a person or share anything outside this channel.",
  },
];

/** A mode's latest template version. */
export function currentTutorVersion(mode: TutorMode): number {
  return Math.max(
    ...TUTOR_TEMPLATES.filter((template) => template.mode === mode).map((t) => t.version),
  );
}

/** The template a setting names (its latest version if that version is unknown). */
export function tutorTemplate(mode: TutorMode, version: number): TutorTemplate {
  const ofMode = TUTOR_TEMPLATES.filter((template) => template.mode === mode);
  return (
    ofMode.find((template) => template.version === version) ??
    ofMode.find((template) => template.version === currentTutorVersion(mode))!
  );
}

/**
 * Exactly the text the model gets for a setting (appended to its system prompt); '' when none is
 * set, so the product's own behaviour holds.
 */
export function tutorInstructions(setting: TutorSetting | null): string {
  if (!setting) return '';
  const template = tutorTemplate(setting.mode, setting.version);
  if (setting.mode !== 'custom') return template.instructions;
  return `${template.instructions}\n${(setting.custom ?? '').trim()}`;
}

/** The one line students see in the case channel; null when no mode is set. */
export function tutorPromise(setting: TutorSetting | null): string | null {
  return setting ? tutorTemplate(setting.mode, setting.version).promise : null;
}

/** A mode's name ("Socratic"). */
export function tutorLabel(mode: TutorMode): string {
  return tutorTemplate(mode, currentTutorVersion(mode)).label;
}
