// Docs: docs/accounts.md#e-mail — a server with no SMTP_URL keeps its mail in the development
// outbox (/dev/outbox, answered only to requests from the server's own machine, never in
// production). Where a code was "sent", the person is told where to read it.
import { useEffect, useState } from 'react';

export const DEV_OUTBOX_PATH = '/dev/outbox';

/** Whether this server keeps mail in a development outbox this browser may read. */
export function useDevOutbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let current = true;
    // HEAD: whether it answers, without the mails (they hold every code).
    fetch(`${DEV_OUTBOX_PATH}.json`, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => {
        if (current) setAvailable(response.ok);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return available;
}

/** "This server sends no e-mail…" with a link to the outbox; nothing where mail goes out. */
export function DevOutboxNote() {
  if (!useDevOutbox()) return null;
  return (
    <p className="sm-text-secondary">
      This server sends no e-mail (no SMTP_URL is set): the mail is in the{' '}
      <a href={DEV_OUTBOX_PATH} target="_blank" rel="noreferrer">
        development outbox
      </a>
      .
    </p>
  );
}
