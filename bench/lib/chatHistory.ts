// The chat benchmark's history: 5,000 messages as people write them, with markdown and, every so
// often, markdown written to be slow (the inputs that made the old parser quadratic, issue 12).

/** Messages in the benchmark's long channel. */
export const MESSAGE_COUNT = 5_000;

const LINES = [
  'Does anyone have the notes from Tuesday?',
  'The lab report is due **Friday at noon**, not Thursday.',
  'I think the answer to question 3 is `x = 4`, but I am not sure about the units.',
  'See [the syllabus](https://example.edu/syllabus) for the reading list.',
  'Great point — _that_ is exactly what the experiment showed.',
];

/** The body of message `n` (1-based); its first line starts "Message n:" and is unique. */
export function chatBody(n: number): string {
  const head = `Message ${n}: ${LINES[n % LINES.length] as string}`;
  if (n % 250 === 0) return `${head}\n${'*a '.repeat(2_700)}`; // ~8 KB of unclosed emphasis
  if (n % 250 === 125) return `${head}\n${'_'.repeat(4_000)}x${'['.repeat(2_000)}`;
  if (n % 50 === 10) return `${head}\n- first point\n- second point with **bold**\n- third point`;
  if (n % 50 === 30)
    return `${head}\n\`\`\`\nfor (let i = 0; i < 10; i++) {\n  sum += i;\n}\n\`\`\``;
  return head;
}

/** The rows of the history, authors taking turns, one message every 30 s up to now. */
export function chatHistoryRows(
  classId: string,
  channelId: string,
  authors: ReadonlyArray<{ uid: string; name: string }>,
) {
  const now = Date.now();
  return Array.from({ length: MESSAGE_COUNT }, (_, index) => {
    const n = index + 1;
    const author = authors[Math.floor(index / 3) % authors.length] as { uid: string; name: string };
    return {
      id: `msg_bench_history_${n}`,
      class_id: classId,
      channel_id: channelId,
      seq: n,
      author_uid: author.uid,
      author_name: author.name,
      body: chatBody(n),
      created_at: new Date(now - (MESSAGE_COUNT - n) * 30_000).toISOString(),
    };
  });
}

/** Text as HTML text content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
