// Docs: docs/channels.md#outbox — the open channel's side of the outbox: a send is kept until the
// server has it or refuses it; after a reload, what is still kept for this channel is shown at once
// (`kept`, read from localStorage before the channel's messages arrive) and sent again (with its own
// id, so at most once) as soon as the channel's messages are live. A kept message the server turns
// out to have already is simply forgotten.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '@seminar/shared';
import { UNSENT_SEQ } from '../../data/messages';
import { addToOutbox, outboxRow, readOutbox, removeFromOutbox } from './outbox';

export function useOutbox(options: {
  uid: string;
  classId: string;
  channelId: string;
  /** The channel's messages are live (the server's rows are in `rows`). */
  ready: boolean;
  rows: readonly Message[];
  /** Ids this page is already sending or holding as failed. */
  busy: (id: string) => boolean;
  /** Sends a kept message again; resolves true when the outcome settles it (sent or refused). */
  resend: (row: Message) => Promise<boolean>;
}) {
  const { uid, classId, channelId, ready, rows, busy, resend } = options;
  const readKept = useCallback(
    () =>
      readOutbox(uid)
        .filter((entry) => entry.class_id === classId && entry.channel_id === channelId)
        .map((entry) => outboxRow(entry, UNSENT_SEQ)),
    [uid, classId, channelId],
  );
  // What this channel's outbox holds, as rows to show; read again after every change made here.
  const [kept, setKept] = useState<Message[]>(readKept);
  const refresh = useCallback(() => {
    const next = readKept();
    // The same ids: keep the array, so the list does not render again for nothing.
    setKept((current) =>
      current.length === next.length && current.every((row, index) => row.id === next[index]?.id)
        ? current
        : next,
    );
  }, [readKept]);
  const tried = useRef(new Set<string>());
  const resendRef = useRef(resend);
  resendRef.current = resend;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    if (!ready) return;
    const kept = readOutbox(uid).filter(
      (entry) => entry.class_id === classId && entry.channel_id === channelId,
    );
    if (kept.length === 0) return;
    const numbered = new Set(rows.filter((row) => row.seq < UNSENT_SEQ).map((row) => row.id));
    // The server has these already (sent before the page went): nothing to send.
    const known = kept.filter((entry) => numbered.has(entry.id)).map((entry) => entry.id);
    removeFromOutbox(uid, known);
    if (known.length > 0) refresh();
    for (const entry of kept) {
      if (numbered.has(entry.id) || busyRef.current(entry.id) || tried.current.has(entry.id))
        continue;
      tried.current.add(entry.id);
      void resendRef.current(outboxRow(entry, UNSENT_SEQ)).then((settled) => {
        if (!settled) return;
        removeFromOutbox(uid, [entry.id]);
        refresh();
      });
    }
  }, [uid, classId, channelId, ready, rows, refresh]);

  /** Keeps a message being sent. */
  const remember = useCallback(
    (row: Message) => {
      addToOutbox(uid, row);
      refresh();
    },
    [uid, refresh],
  );
  /** Forgets a message the server has or refused. */
  const forget = useCallback(
    (id: string) => {
      removeFromOutbox(uid, [id]);
      refresh();
    },
    [uid, refresh],
  );
  return { remember, forget, kept };
}
