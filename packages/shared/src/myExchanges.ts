// Docs: docs/ai.md#your-own-exchanges — a student's own exchanges with AI agents, across a class's
// activities: the wire shape, their text with mentions as the student saw them, and the Markdown
// file they download. Pure (no zod: the web's page imports it).
import { splitMentions } from './mentions';

/** One of the viewer's own exchanges: their question and the agent's answer. */
export interface MyExchange {
  job_id: string;
  agent: string;
  /** The question with mentions written out (`@Name`, a pseudonym, or `@someone`); '' if deleted. */
  question: string;
  /** The answer; null when none was posted (or it was deleted). */
  answer: string | null;
  status: string;
  asked_at: number;
}

/** The viewer's exchanges in one activity, newest first. */
export interface MyExchangeActivity {
  activity_id: string;
  title: string;
  anonymous: boolean;
  exchanges: MyExchange[];
}

/** Most exchanges listed (newest first, over all the class's activities). */
export const MY_EXCHANGES_MAX = 500;

/**
 * `body` with each person's mention reference written as `@Name`: `nameOf` gives the name the
 * viewer may see (a pseudonym in an anonymous activity), null for someone they may not name —
 * who is then `@someone`, never their id.
 */
export function exchangeText(body: string, nameOf: (uid: string) => string | null): string {
  return splitMentions(body)
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'channel'
          ? '@channel'
          : `@${nameOf(part.uid) ?? 'someone'}`,
    )
    .join('');
}

/** A line of Markdown quoting `text` (each line behind `> `). */
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

const STATUS_WORDS: Readonly<Record<string, string>> = {
  queued: 'waiting for an answer',
  running: 'being answered',
  failed: 'the agent could not answer',
  refused: 'not answered (a limit or the schedule)',
  skipped: 'not answered',
};

/**
 * The file a student downloads: Markdown, as people read it (the answers are Markdown already, so
 * they keep their lists and code blocks), one section per activity, each exchange its question
 * quoted and the answer under it. Times in UTC (ISO 8601).
 */
export function myExchangesMarkdown(
  className: string,
  activities: readonly MyExchangeActivity[],
  exportedAt: number,
): string {
  const lines: string[] = [
    `# My exchanges with AI agents — ${className.replace(/\n/g, ' ')}`,
    '',
    `Exported ${new Date(exportedAt).toISOString()}. Your instructor can read your conversations with AI agents.`,
  ];
  if (activities.every((a) => a.exchanges.length === 0)) lines.push('', 'No exchanges yet.');
  for (const activity of activities) {
    if (activity.exchanges.length === 0) continue;
    lines.push('', `## ${activity.title.replace(/\n/g, ' ')}`);
    for (const exchange of activity.exchanges) {
      lines.push(
        '',
        `### ${new Date(exchange.asked_at).toISOString()} — ${exchange.agent}`,
        '',
        '**You asked:**',
        '',
        quote(exchange.question === '' ? '(deleted)' : exchange.question),
        '',
        `**${exchange.agent} answered:**`,
        '',
        exchange.answer ?? `(${STATUS_WORDS[exchange.status] ?? 'no answer'})`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
