// What the open channel's list shows (ChatView.tsx → MessageList): the live rows, each with its
// state (sent, sending, waiting for the connection, or a change the server refused, with Retry and
// Discard); sends that failed and were rolled back, at the end; then messages the outbox keeps
// (outbox.ts) that are not among the rows yet — after a reload, before the channel is live or
// while there is no connection, they show at once.
import type { Message } from '@seminar/shared';
import type { DisplayMessage } from './MessageList';

/** A write the server refused (or that was lost on the way), as the live query keeps it. */
interface FailedMessageWrite {
  /** What the write tried to show (`null`: a delete). */
  row: Message | null;
  error: string;
  retry: () => Promise<unknown>;
}

export interface DisplayMessagesInput {
  rows: readonly Message[];
  failed: ReadonlyMap<string, FailedMessageWrite>;
  pendingIds: ReadonlySet<string>;
  /** Writes lost on the way (lostWrites.ts): shown as waiting, they go again by themselves. */
  lostIds: ReadonlySet<string>;
  /** The outbox's messages. */
  kept: readonly Message[];
  connectionOpen: boolean;
  /** Passes a retry's outcome on (lostWrites.ts). */
  noteOutcome: (id: string) => (outcome: unknown) => void;
  dismissFailed: (id: string) => void;
}

/** The list's messages with their states; see the file header. */
export function displayMessages({
  rows,
  failed,
  pendingIds,
  lostIds,
  kept,
  connectionOpen,
  noteOutcome,
  dismissFailed,
}: DisplayMessagesInput): DisplayMessage[] {
  // A refused send or change: its error, with Retry (the same write again) and Discard.
  const refused = (kind: 'failed' | 'changeFailed', id: string, write: FailedMessageWrite) =>
    ({
      kind,
      error: write.error,
      retry: () => void write.retry().then(noteOutcome(id)),
      discard: () => dismissFailed(id),
    }) as const;
  const shown = new Set<string>();
  const list: DisplayMessage[] = rows.map((message) => {
    shown.add(message.id);
    const write = failed.get(message.id);
    if (write && lostIds.has(message.id)) return { message, status: { kind: 'waiting' } };
    if (write) return { message, status: refused('changeFailed', message.id, write) };
    return { message, status: pendingIds.has(message.id) ? { kind: 'sending' } : { kind: 'sent' } };
  });
  for (const [id, write] of failed) {
    if (shown.has(id) || !write.row) continue;
    shown.add(id);
    list.push({
      message: write.row,
      status: lostIds.has(id) ? { kind: 'waiting' } : refused('failed', id, write),
    });
  }
  for (const message of kept) {
    if (shown.has(message.id)) continue;
    list.push({ message, status: { kind: connectionOpen ? 'sending' : 'waiting' } });
  }
  return list;
}
