// Docs: docs/channels.md#mentions — how a mention is written in a message body and read back.
//
// A body stores a mention of a person as a reference to their uid, `<@uid>`, never their name:
// the web shows the person's current name, so a renamed person still shows right. `@channel`
// (instructors and class admins only, checked by the server) mentions everyone in the channel.
// The composer shows `@Ada Lovelace` while typing and turns the names of the channel's people into
// references when the message is sent (`encodeMentions`); editing turns them back (`decodeMentions`).

/** At most this many different people mentioned in one message. */
export const MAX_MENTIONS_PER_MESSAGE = 20;
/** The word that mentions everyone in a channel. */
export const CHANNEL_MENTION = '@channel';

// A uid in a reference: no spaces, no angle brackets, no '@' or '/' (ids never hold '/').
const USER_TOKEN = /<@([^\s<>@/]{1,200})>/g;
// `@channel` as a word of its own: not inside a word or an address, not followed by more word.
// (made anew for each use: a global regex keeps its lastIndex between calls).
const channelWord = () => /(^|[^\p{L}\p{N}_@.<])@channel(?![\p{L}\p{N}_-])/gu;

/**
 * Counts the work of a pass over a text: each regex pass its length, each mention and piece found
 * one step, each piece cut out its length. Tests compare two sizes of a hostile text: the count
 * must grow linearly (no time budget, which a quadratic pass on a fast machine would meet).
 */
export interface MentionStepCounter {
  steps: number;
}
const NO_COUNT: MentionStepCounter = { steps: 0 };

/** The reference stored for a mention of `uid`. */
export function mentionToken(uid: string): string {
  return `<@${uid}>`;
}

/** Who a body mentions: distinct uids in order of first mention, and whether `@channel`. */
export interface Mentions {
  uids: string[];
  channel: boolean;
}

/** The mentions in `body` (references and `@channel`, also inside code: the rule stays simple). */
export function parseMentions(body: string, counter: MentionStepCounter = NO_COUNT): Mentions {
  const uids: string[] = [];
  const seen = new Set<string>();
  // Two regex passes: the references, then `@channel`.
  counter.steps += 2 * body.length;
  for (const match of body.matchAll(USER_TOKEN)) {
    counter.steps += 1;
    const uid = match[1] as string;
    if (!seen.has(uid)) {
      seen.add(uid);
      uids.push(uid);
    }
  }
  return { uids, channel: channelWord().test(body) };
}

/** Whether `body` mentions the person `uid`, by name or with `@channel` (never oneself as author). */
export function mentionsPerson(body: string, uid: string): boolean {
  const mentions = parseMentions(body);
  return mentions.channel || mentions.uids.includes(uid);
}

/** A piece of a text as rendered: plain text, a person's mention, or `@channel`. */
export type MentionPart =
  { kind: 'text'; text: string } | { kind: 'user'; uid: string } | { kind: 'channel' };

/** `text` cut into plain text and mentions, in order (one pass; adjacent text is merged). */
export function splitMentions(text: string, counter: MentionStepCounter = NO_COUNT): MentionPart[] {
  const marks: Array<{ start: number; end: number; part: MentionPart }> = [];
  counter.steps += 2 * text.length;
  for (const match of text.matchAll(USER_TOKEN)) {
    marks.push({
      start: match.index,
      end: match.index + match[0].length,
      part: { kind: 'user', uid: match[1] as string },
    });
  }
  for (const match of text.matchAll(channelWord())) {
    const start = match.index + (match[1] as string).length;
    marks.push({ start, end: start + CHANNEL_MENTION.length, part: { kind: 'channel' } });
  }
  if (marks.length === 0) return text === '' ? [] : [{ kind: 'text', text }];
  marks.sort((a, b) => a.start - b.start);
  counter.steps += marks.length * Math.ceil(Math.log2(marks.length + 1));
  const parts: MentionPart[] = [];
  let at = 0;
  for (const mark of marks) {
    counter.steps += 1;
    if (mark.start < at) continue;
    if (mark.start > at) {
      counter.steps += mark.start - at;
      parts.push({ kind: 'text', text: text.slice(at, mark.start) });
    }
    parts.push(mark.part);
    at = mark.end;
  }
  counter.steps += text.length - at;
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** A person who can be mentioned: their uid and the name the composer shows. */
export interface MentionablePerson {
  uid: string;
  name: string;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}_]/u.test(char);
}

/**
 * `text` with every `@Name` of one of `people` turned into that person's reference. Longer names
 * win ("@Ada Lovelace" before "@Ada"); a name must end at a word's end ("@Adam" is not "@Ada").
 * Names compare exactly; two people with the same name: the first listed wins.
 */
export function encodeMentions(text: string, people: readonly MentionablePerson[]): string {
  const named = people
    .filter((person) => person.name.trim() !== '')
    .sort((a, b) => b.name.length - a.name.length);
  if (named.length === 0 || !text.includes('@')) return text;
  let out = '';
  let at = 0;
  for (let index = text.indexOf('@'); index !== -1; index = text.indexOf('@', index + 1)) {
    if (index < at) continue;
    if (isWordChar(text[index - 1])) continue;
    const person = named.find(
      (candidate) =>
        text.startsWith(candidate.name, index + 1) &&
        !isWordChar(text[index + 1 + candidate.name.length]),
    );
    if (!person) continue;
    out += text.slice(at, index) + mentionToken(person.uid);
    at = index + 1 + person.name.length;
  }
  return out + text.slice(at);
}

/** `body` with every reference shown as `@Name` (for editing); unknown people stay references. */
export function decodeMentions(body: string, nameOf: (uid: string) => string | undefined): string {
  return body.replace(USER_TOKEN, (token, uid: string) => {
    const name = nameOf(uid);
    return name ? `@${name}` : token;
  });
}

/** At most this many characters typed after `@` still filter the picker. */
export const MENTION_QUERY_MAX_LENGTH = 40;

/**
 * The mention being typed before the caret: where its `@` is and what follows it, or null. The `@`
 * starts a word (start of text or after a space or punctuation, not inside an address), and what
 * follows is on one line, without a double space, at most MENTION_QUERY_MAX_LENGTH characters.
 */
export function activeMentionQuery(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const from = Math.max(0, caret - MENTION_QUERY_MAX_LENGTH - 1);
  const at = text.lastIndexOf('@', caret - 1);
  if (at < from || at === -1) return null;
  if (isWordChar(text[at - 1]) || text[at - 1] === '<') return null;
  const query = text.slice(at + 1, caret);
  if (/[\n@<>]/.test(query) || query.includes('  ') || query.startsWith(' ')) return null;
  return { start: at, query };
}

/** The people whose name matches `query` (any word starts with it, ignoring case), best first. */
export function matchMentionable<T extends MentionablePerson>(
  people: readonly T[],
  query: string,
  limit = 8,
): T[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return people.slice(0, limit);
  const starts: T[] = [];
  const words: T[] = [];
  for (const person of people) {
    const name = person.name.toLocaleLowerCase();
    if (name.startsWith(wanted)) starts.push(person);
    else if (name.split(/\s+/).some((word) => word.startsWith(wanted))) words.push(person);
  }
  return [...starts, ...words].slice(0, limit);
}
