// A real SMTP listener (smtp-server) for tests: mails the server sends arrive here.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /**
   * Resolves with the next mail to `to` (or one already received and not yet taken), of those whose
   * subject contains `subjectIncludes` when given (sign-up mails a verification code too).
   */
  nextMailTo(to: string, timeoutMs?: number, subjectIncludes?: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free localhost port; no TLS, no auth. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject,
          raw,
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const find = (to: string, subjectIncludes = '') =>
    mails.find(
      (mail) =>
        !taken.has(mail) &&
        mail.to.includes(to.toLowerCase()) &&
        mail.subject.includes(subjectIncludes),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async nextMailTo(to, timeoutMs = 10_000, subjectIncludes) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to, subjectIncludes);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a reset or verification mail. */
export function codeFrom(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}
