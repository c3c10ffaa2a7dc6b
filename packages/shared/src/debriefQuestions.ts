// Docs: docs/debrief.md#unanswered-questions — what "asks a question" and "answered" mean in an
// activity's debrief: prose (code and quotes left out) with a question sentence, answered by a
// later message of someone else that mentions the asker or quotes the question. The server applies
// it to rows.

/** A fenced code block (``` or ~~~, to its closing fence or the end of the text). */
const FENCED_CODE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm;
/** An inline code span: a run of backticks, text, the same run (CommonMark). */
const CODE_SPAN = /(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;
/** A quoted line (`> …`): quoting someone else's question is not asking it. */
const QUOTE_LINE = /^[ \t]*>.*$/gm;
/**
 * The end of a question sentence: one or more `?` (or the full-width `？`), maybe a `!`, maybe
 * closing quotes or brackets, then white space or the end. A `?` inside a word or URL
 * (`page?id=3`) is not one.
 */
const QUESTION_END = /[?？]+!*[)"'”’»\]]*(?=\s|$)/;

/** The text of `body` that a person wrote as prose: code blocks, code spans and quotes removed. */
export function proseOf(body: string): string {
  return body.replace(FENCED_CODE, ' ').replace(CODE_SPAN, ' ').replace(QUOTE_LINE, ' ');
}

/**
 * Whether a message asks something: its prose (outside code blocks, code spans and quoted lines)
 * has a sentence that ends in a question mark — `?` or `？`, possibly doubled or followed by `!`
 * and closing quotes or brackets — followed by white space or the end of the text.
 */
export function asksQuestion(body: string): boolean {
  return QUESTION_END.test(proseOf(body));
}

/** Collapses white space and case, so a quote matches the question however it was wrapped. */
export function normalizeForQuote(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A quote shorter than this must be the whole question to count (a "> yes" answers nothing). */
export const QUOTE_MIN_LENGTH = 12;

/** The quoted lines of `body` (`> …`), each without its marker, normalized, joined per block. */
export function quotesOf(body: string): string[] {
  const quotes: string[] = [];
  let current: string[] = [];
  for (const line of body.split('\n')) {
    const match = /^[ \t]*>+ ?(.*)$/.exec(line);
    if (match) current.push(match[1] ?? '');
    else if (current.length > 0) {
      quotes.push(normalizeForQuote(current.join(' ')));
      current = [];
    }
  }
  if (current.length > 0) quotes.push(normalizeForQuote(current.join(' ')));
  return quotes.filter((quote) => quote !== '');
}

/** What the answered rule needs of a message. */
export interface DebriefMessage {
  id: string;
  seq: number;
  author_uid: string;
  body: string;
  /** The uids the body mentions (`<@uid>`), as stored with the message. */
  mentions: readonly string[];
}

/**
 * Whether `later` answers `question`: it comes after it (higher seq in the same channel, or any
 * later message of another channel of the activity — the caller decides which are later), is by
 * someone else, and mentions the asker or quotes the question (a quoted block that is a part of
 * the question's text of at least QUOTE_MIN_LENGTH characters, or all of it).
 */
export function answers(question: DebriefMessage, later: DebriefMessage): boolean {
  if (later.author_uid === question.author_uid) return false;
  if (later.mentions.includes(question.author_uid)) return true;
  const asked = normalizeForQuote(question.body);
  return quotesOf(later.body).some(
    (quote) => asked.includes(quote) && (quote.length >= QUOTE_MIN_LENGTH || quote === asked),
  );
}

/**
 * The questions no later message answers, in their order. `messages` are the activity's messages
 * in the order they were posted (seq order within a channel; the caller merges channels by time);
 * `askers` limits who counts as asking (students), every other message may still answer.
 */
export function unansweredQuestions<M extends DebriefMessage>(
  messages: readonly M[],
  isAsker: (uid: string) => boolean,
): M[] {
  const open: M[] = [];
  for (const message of messages) {
    for (let i = open.length - 1; i >= 0; i -= 1) {
      if (answers(open[i]!, message)) open.splice(i, 1);
    }
    if (isAsker(message.author_uid) && asksQuestion(message.body)) open.push(message);
  }
  return open;
}
