// Docs: docs/ai.md#moderation — the pure side of moderating what reaches an agent and what it says:
// patterns for other people's personal data (phone numbers, e-mail addresses, card numbers that
// pass the Luhn check), the verdict combining them with the profanity list's answer (the server
// runs `obscenity`, a kept library, and hands its yes/no here) and an external endpoint's, and
// which checks a class has on. Every scan is linear in the text: tokens are split once, and each
// regular expression is anchored or bounded so none can backtrack over a long message.

/** Why a question or an answer was flagged. */
export const MODERATION_CATEGORIES = ['profanity', 'personal_data', 'external'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** Which checks a class has on (`classes.ai_moderation`); the default is every one. */
export interface ModerationSettings {
  profanity: boolean;
  personal_data: boolean;
  /** The `AI_MODERATION_URL` endpoint, when the server has one. */
  external: boolean;
}

export const DEFAULT_MODERATION: ModerationSettings = {
  profanity: true,
  personal_data: true,
  external: true,
};

/** A stored setting read with the defaults (a check added later is on for older classes). */
export function moderationSettings(stored: Partial<ModerationSettings> | null): ModerationSettings {
  return { ...DEFAULT_MODERATION, ...stored };
}

/** A moderation verdict: `detail` says what kind of thing was found, never the thing itself. */
export type ModerationVerdict =
  { flagged: false } | { flagged: true; category: ModerationCategory; detail: string };

export const NOT_FLAGGED: ModerationVerdict = { flagged: false };

/** The kinds of personal data the patterns find. */
export type PersonalDataKind = 'email' | 'phone' | 'card';

const PERSONAL_DATA_WORDS: Record<PersonalDataKind, string> = {
  email: 'an e-mail address',
  phone: 'a phone number',
  card: 'a payment card number',
};

/** Characters trimmed off a token's ends before it is read (punctuation around an address). */
const EDGE = /^[("'<[{]+|[)"'>\]},.;:!?]+$/g;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63}){1,8}$/;

/** Whether the digits (a string of 0-9) pass the Luhn check of payment card numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

// Bounded quantifiers only, each guarded by a lookbehind that fails at once inside a run, so a
// scan is linear. A phone is written the North American way ((555) 123-4567, 555.123.4567,
// 5551234567), internationally (+44 20 7946 0958), or in the European groups of two after a 0
// (01 23 45 67 89) or 0 + four digits and six (07700 900123). Dates (2026-11-29) and decimals
// (3.14159) fit none of them.
const PHONE_PATTERNS = [
  /(?<![\w.,+-])(?:\(\d{3}\) ?|\d{3}[-. ]?)\d{3}[-. ]?\d{4}(?![\w-]|[.,]\d)/g,
  /(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\w-]|\.\d)/g,
  /(?<![\w.,+-])0\d(?:[ .-]?\d{2}){4}(?![\w-]|[.,]\d)/g,
  /(?<![\w.,+-])0\d{4} ?\d{6}(?![\w-]|[.,]\d)/g,
];
/** 13 to 19 digits, single spaces or hyphens allowed between them (how cards are written). */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The kinds of personal data in `text`, in the order e-mail, phone, card. `ownEmails`: addresses
 * of the person writing, which are theirs to give (compared case-insensitively).
 */
export function findPersonalData(
  text: string,
  ownEmails: readonly string[] = [],
): PersonalDataKind[] {
  const found = new Set<PersonalDataKind>();
  const own = new Set(ownEmails.map((email) => email.toLowerCase()));
  for (const raw of text.split(/\s+/)) {
    if (!raw.includes('@')) continue;
    const token = raw.replace(EDGE, '').replace(/^mailto:/i, '');
    if (EMAIL.test(token) && !own.has(token.toLowerCase())) {
      found.add('email');
      break;
    }
  }
  for (const pattern of PHONE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const digits = digitsOf(match[0]).length;
      // An international number has 8 to 15 digits (E.164).
      if (match[0].startsWith('+') ? digits >= 8 && digits <= 15 : true) {
        found.add('phone');
        break;
      }
    }
    if (found.has('phone')) break;
  }
  for (const match of text.matchAll(CARD)) {
    if (luhnValid(digitsOf(match[0]))) {
      found.add('card');
      break;
    }
  }
  return (['email', 'phone', 'card'] as const).filter((kind) => found.has(kind));
}

/**
 * The text the profanity list reads: mentions (`@DataAnalystBot`, `@Ada`) and the agents' names
 * taken out, as names are nobody's words and run together they can hold a listed word
 * ("DataAnalystBot" holds one). Names are letters, digits and `_`, so they are matched literally.
 */
export function profanityText(text: string, names: readonly string[]): string {
  let out = text.replace(/(?<![A-Za-z0-9_])@[A-Za-z][A-Za-z0-9_]*/g, ' ');
  for (const name of names)
    if (/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) out = out.replace(new RegExp(name, 'gi'), ' ');
  return out;
}

/** What the checks found, as the verdict gathers it. */
export interface ModerationFindings {
  /** The profanity list matched (the server's `obscenity` matcher). */
  profane: boolean;
  personalData: readonly PersonalDataKind[];
  /** The external endpoint's flagged categories; null when it was not asked. */
  external: readonly string[] | null;
}

/**
 * The verdict on a text under a class's settings: the first check that is on and found something,
 * in the order profanity, personal data, external. Checks that are off count for nothing.
 */
export function moderationVerdict(
  findings: ModerationFindings,
  settings: ModerationSettings,
): ModerationVerdict {
  if (settings.profanity && findings.profane)
    return { flagged: true, category: 'profanity', detail: 'a word on the profanity list' };
  if (settings.personal_data && findings.personalData.length > 0)
    return {
      flagged: true,
      category: 'personal_data',
      detail: findings.personalData.map((kind) => PERSONAL_DATA_WORDS[kind]).join(', '),
    };
  if (settings.external && findings.external && findings.external.length > 0)
    return {
      flagged: true,
      category: 'external',
      detail: `the moderation service: ${findings.external.slice(0, 5).join(', ')}`,
    };
  return NOT_FLAGGED;
}

/** Whether any built-in check (needing no service) is on. */
export const builtInModerationOn = (settings: ModerationSettings) =>
  settings.profanity || settings.personal_data;

/** The one neutral reply a student gets to a flagged question: it repeats nothing of it. */
export function flaggedQuestionReply(agent: string): string {
  return `${agent} can't respond to that message. Please ask again without personal details such as phone numbers, e-mail addresses or card numbers, and without offensive language.`;
}

/** What the channel sees instead of an answer that was held back. */
export function heldAnswerReply(agent: string): string {
  return `${agent}'s answer was held back for your instructor to review.`;
}

/** How staff read a category. */
export const MODERATION_CATEGORY_LABELS: Record<ModerationCategory, string> = {
  profanity: 'Offensive language',
  personal_data: 'Personal data',
  external: 'Moderation service',
};
