// Docs: docs/accounts.md#e-mail — SMTP through nodemailer when SMTP_URL is set, else a development
// outbox (logged, kept in memory, listed at /dev/outbox).
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One plain-text e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (a digest's List-Unsubscribe, List-Unsubscribe-Post and Message-ID). */
  headers?: Record<string, string>;
}

/** A sent (or, without SMTP, kept) e-mail as /dev/outbox.json lists it. */
export interface OutboxEntry extends Mail {
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The development outbox; null when mail goes out over SMTP. */
  readonly outbox: readonly OutboxEntry[] | null;
}

/** nodemailer takes Message-ID as its own option; every other header as given. */
function mailHeaders(headers: Record<string, string>): {
  headers: Record<string, string>;
  messageId?: string;
} {
  const { 'Message-ID': messageId, ...rest } = headers;
  return messageId === undefined ? { headers: rest } : { headers: rest, messageId };
}

/** How many mails the development outbox keeps (oldest dropped first). */
const OUTBOX_LIMIT = 200;

/** Creates the mailer for SMTP_URL, or the development outbox without it. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.headers ? mailHeaders(mail.headers) : {}),
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox: OutboxEntry[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push({ ...mail, sentAt: new Date().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      options.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the development outbox (/dev/outbox)',
      );
    },
  };
}
