// Docs: docs/debrief.md — the pure rules of an activity's debrief: the participation figures, the
// summary's citations and the debrief's wire shapes. What "asks a question" and "answered" mean is
// debriefQuestions.ts; the grading rubric (weights, marks, criteria computed from participation
// figures), the grading's live rows and the gradebook CSV are debriefRubric.ts. The server applies
// them to rows; the web uses them to explain.

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
