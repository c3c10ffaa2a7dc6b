// Docs: docs/debrief.md — the pure rules of an activity's debrief: what "asks a question" and
// "answered" mean, the grading rubric (weights, marks, criteria computed from participation
// figures), and the gradebook CSV. The server applies them to rows; the web uses them to explain.
import { csvRows } from './csv';

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Participation figures
// ---------------------------------------------------------------------------------------------

/** The participation figures the debrief counts per student (docs/debrief.md#figures). */
export const PARTICIPATION_FIGURES = [
  'messages',
  'words',
  'replies',
  'mentions_received',
  'reactions_received',
  'poll_votes',
  'agent_questions',
  'phases',
] as const;
export type ParticipationFigure = (typeof PARTICIPATION_FIGURES)[number];

/** Plain words for each figure (table headers, the rubric's "computed from" menu). */
export const PARTICIPATION_FIGURE_LABELS: Record<ParticipationFigure, string> = {
  messages: 'Messages',
  words: 'Words',
  replies: 'Replies',
  mentions_received: 'Mentions received',
  reactions_received: 'Reactions received',
  poll_votes: 'Poll votes',
  agent_questions: 'Questions to agents',
  phases: 'Phases posted in',
};

/** Words in a message, as the figure counts them: runs of non-space characters. */
export function wordCount(body: string): number {
  const words = body.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

// ---------------------------------------------------------------------------------------------
// Rubric
// ---------------------------------------------------------------------------------------------

export const RUBRIC_MAX_CRITERIA = 12;
export const RUBRIC_NAME_MAX_LENGTH = 80;
/** Marks go from 0 to the rubric's scale (e.g. 10 or 100), at most this. */
export const RUBRIC_MAX_SCALE = 1000;
export const GRADE_COMMENT_MAX_LENGTH = 2000;

/** Where a criterion's mark comes from: the instructor, or a participation figure. */
export type CriterionSource = 'manual' | ParticipationFigure;

export interface RubricCriterion {
  /** Stable id (`c1`…), so marks survive a renamed criterion. */
  id: string;
  name: string;
  /** Whole percent, 1–100; the weights of a rubric add up to 100. */
  weight: number;
  source: CriterionSource;
  /** For a computed criterion: the figure that earns the full mark (more is capped). */
  target: number | null;
}

export interface Rubric {
  /** The highest mark of every criterion. */
  scale: number;
  criteria: RubricCriterion[];
}

/** What is wrong with a rubric, in plain words, or null. */
export function rubricProblem(rubric: Rubric): string | null {
  if (rubric.criteria.length === 0) return 'A rubric needs at least one criterion';
  if (rubric.criteria.length > RUBRIC_MAX_CRITERIA)
    return `A rubric can have at most ${RUBRIC_MAX_CRITERIA} criteria`;
  if (!Number.isInteger(rubric.scale) || rubric.scale < 1 || rubric.scale > RUBRIC_MAX_SCALE)
    return `The scale must be a whole number from 1 to ${RUBRIC_MAX_SCALE}`;
  const ids = new Set<string>();
  const names = new Set<string>();
  let total = 0;
  for (const criterion of rubric.criteria) {
    const name = criterion.name.trim();
    if (name === '') return 'A criterion needs a name';
    if (name.length > RUBRIC_NAME_MAX_LENGTH)
      return `A criterion's name can be at most ${RUBRIC_NAME_MAX_LENGTH} characters`;
    if (names.has(name.toLowerCase())) return `The criterion "${name}" is there twice`;
    names.add(name.toLowerCase());
    if (ids.has(criterion.id)) return 'Two criteria have the same id';
    ids.add(criterion.id);
    if (!Number.isInteger(criterion.weight) || criterion.weight < 1 || criterion.weight > 100)
      return `The weight of "${name}" must be a whole percent from 1 to 100`;
    total += criterion.weight;
    if (criterion.source === 'manual') {
      if (criterion.target !== null) return `"${name}" is marked by hand: it has no target`;
    } else if (
      criterion.target === null ||
      !Number.isInteger(criterion.target) ||
      criterion.target < 1
    )
      return `"${name}" is computed: give the figure that earns the full mark (a whole number from 1)`;
  }
  if (total !== 100) return `The weights add up to ${total} %; they must add up to 100 %`;
  return null;
}

/** Marks per criterion id: a number, or absent when not given. */
export type Marks = Record<string, number>;

/** What is wrong with marks given under `rubric`, or null: unknown criteria, out of the scale. */
export function marksProblem(rubric: Rubric, marks: Marks): string | null {
  const byId = new Map(rubric.criteria.map((criterion) => [criterion.id, criterion]));
  for (const [id, mark] of Object.entries(marks)) {
    const criterion = byId.get(id);
    if (!criterion) return 'A mark is for a criterion the rubric does not have';
    if (!Number.isFinite(mark) || mark < 0 || mark > rubric.scale)
      return `The mark for "${criterion.name}" must be from 0 to ${rubric.scale}`;
    if (Math.round(mark * 100) !== mark * 100)
      return `The mark for "${criterion.name}" can have at most two decimals`;
  }
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A computed criterion's mark from a student's figure: the share of the target, capped, scaled. */
export function computedMark(criterion: RubricCriterion, scale: number, figure: number): number {
  if (criterion.source === 'manual' || criterion.target === null) return 0;
  return round2(Math.min(1, figure / criterion.target) * scale);
}

/** One criterion's mark as graded: the instructor's if given, else computed, else null. */
export interface EffectiveMark {
  mark: number | null;
  computed: boolean;
  overridden: boolean;
}

/** Each criterion's effective mark for a student: an instructor's mark overrides a computed one. */
export function effectiveMarks(
  rubric: Rubric,
  marks: Marks,
  figures: Partial<Record<ParticipationFigure, number>>,
): Record<string, EffectiveMark> {
  const result: Record<string, EffectiveMark> = {};
  for (const criterion of rubric.criteria) {
    const given = marks[criterion.id];
    const computed =
      criterion.source === 'manual'
        ? null
        : computedMark(criterion, rubric.scale, figures[criterion.source] ?? 0);
    result[criterion.id] =
      given !== undefined
        ? { mark: given, computed: false, overridden: computed !== null }
        : { mark: computed, computed: computed !== null, overridden: false };
  }
  return result;
}

/**
 * The total in percent (two decimals): the weighted sum of each mark's share of the scale; null
 * while some criterion has no mark (an incomplete grade is not a low one).
 */
export function rubricTotal(rubric: Rubric, marks: Record<string, EffectiveMark>): number | null {
  let total = 0;
  for (const criterion of rubric.criteria) {
    const mark = marks[criterion.id]?.mark;
    if (mark === null || mark === undefined) return null;
    total += (criterion.weight * mark) / rubric.scale;
  }
  return round2(total);
}

// ---------------------------------------------------------------------------------------------
// Gradebook CSV
// ---------------------------------------------------------------------------------------------

export interface GradebookRow {
  email: string;
  name: string;
  marks: Record<string, EffectiveMark>;
  comment: string;
}

/**
 * The gradebook CSV an LMS imports: a header, then one row per student — e-mail, name, total (%),
 * each criterion's mark (header "<name> (<weight> %)"), comment. Cells are formula-guarded
 * (csv.ts); a missing mark or total is an empty cell.
 */
export function gradebookCsv(rubric: Rubric, rows: readonly GradebookRow[]): string {
  const header = [
    'Email',
    'Name',
    'Total (%)',
    ...rubric.criteria.map((criterion) => `${criterion.name} (${criterion.weight} %)`),
    'Comment',
  ];
  return csvRows([
    header,
    ...rows.map((row) => [
      row.email,
      row.name,
      rubricTotal(rubric, row.marks),
      ...rubric.criteria.map((criterion) => row.marks[criterion.id]?.mark ?? null),
      row.comment,
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Summary citations
// ---------------------------------------------------------------------------------------------

/** A citation in the model's text: `[m:<message id>]`. */
const CITATION = /\[m:([A-Za-z0-9_-]{1,200})\]/g;

/** The message ids a text cites, in order of first citation. */
export function citedIds(text: string): string[] {
  return [...new Set([...text.matchAll(CITATION)].map((match) => match[1] as string))];
}

/** `text` without the citations of ids `keep` refuses (an invented or foreign id is dropped). */
export function dropCitations(text: string, keep: (id: string) => boolean): string {
  return text.replace(CITATION, (whole, id: string) => (keep(id) ? whole : ''));
}

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------

/** One student's participation in an activity (docs/debrief.md#figures). */
export interface ParticipationRow {
  uid: string;
  /** The name shown: staff see real names (debriefAuthorLabel on the server decides). */
  name: string;
  /** Staff only; '' in a student's own row. */
  email: string;
  messages: number;
  words: number;
  replies: number;
  mentions_received: number;
  reactions_received: number;
  poll_votes: number;
  agent_questions: number;
  /** Titles of the phases they posted in, in the activity's order. */
  phases: string[];
  first_post: string | null;
  last_post: string | null;
}

/** A student question no later message answered, with where to open it. */
export interface UnansweredQuestion {
  id: string;
  channel_id: string;
  seq: number;
  author_uid: string;
  author_name: string;
  body: string;
  created_at: string;
}

/** The live rows of an activity's grading: its rubric, and one grade per graded student. */
export type GradingRow =
  | {
      kind: 'rubric';
      id: 'rubric';
      rubric: Rubric;
      updated_at: string;
      updated_by_name: string | null;
      version: number;
    }
  | {
      kind: 'grade';
      /** The student's uid. */
      id: string;
      marks: Marks;
      comment: string;
      updated_at: string;
      updated_by_name: string | null;
      version: number;
    };

/** A checked citation of the summary: a message of the activity, where to open it. */
export interface SummaryCitation {
  id: string;
  channel_id: string;
  seq: number;
}

/** An activity's AI summary as staff see it (live on `debrief.summary`). */
export interface DebriefSummary {
  id: string;
  status: 'streaming' | 'done' | 'failed';
  /** Markdown; every `[m:<id>]` left in it is one of `citations`. */
  text: string;
  citations: SummaryCitation[];
  error: string | null;
  updated_at: string;
  updated_by_name: string | null;
  version: number;
}

/** What a streaming summary shows: an unfinished `[m:…` at its end is held back. */
export function withoutPartialCitation(text: string): string {
  return text.replace(/\[(?:m(?::[A-Za-z0-9_-]*)?)?$/, '');
}
