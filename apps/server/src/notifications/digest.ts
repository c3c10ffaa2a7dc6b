// Docs: docs/channels.md#the-digest — one person's missed-mention e-mail: what it says of each
// message (class, channel, author, excerpt, a link opening the channel at it) and its headers
// (RFC 8058 one-click unsubscribe; a Message-ID made from the job, so a mail sent again after a
// node died mid-send carries the same id and mail systems that de-duplicate by it show it once).
import { createHash } from 'node:crypto';
import {
  NOTIFICATION_SETTINGS_PATH,
  displayName,
  digestExcerpt,
  digestSubject,
  messageLinkPath,
  pseudonymLabel,
} from '@seminar/shared';
import type { Mail } from '../mail/mailer';
import type { DigestEntry, DigestRecipient } from './jobs';

/**
 * The most messages one digest lists; beyond them it says how many more (a person mentioned by a
 * flood still gets one mail of bounded size, and the app has them all).
 */
export const DIGEST_MAX_LISTED = 20;

/**
 * The author a digest names: the name they wrote under — or, for a student recipient, the
 * pseudonym of a post in an anonymous activity's case channel (docs/activities.md#anonymity). The
 * one place that decides it.
 */
export function digestAuthorName(
  entry: Pick<DigestEntry, 'author_name' | 'author_uid'> &
    Partial<Pick<DigestEntry, 'pseudonym' | 'recipient_staff'>>,
): string {
  if (entry.pseudonym != null && entry.recipient_staff !== true)
    return pseudonymLabel(entry.pseudonym);
  return entry.author_name || 'Someone';
}

/** The mail for `entries` (due, still worth telling, oldest first). */
export function composeDigest(input: {
  appName: string;
  publicUrl: string;
  recipient: DigestRecipient;
  entries: readonly DigestEntry[];
  /** Names of the people the bodies mention (`<@uid>` is shown as `@Name`). */
  names: ReadonlyMap<string, string>;
  unsubscribeUrl: string;
  /** The job's identity (the person and the messages it tells), for the Message-ID. */
  uid: string;
}): Mail {
  const { appName, publicUrl, recipient, entries, names } = input;
  const lines: string[] = [
    `Hello ${displayName(recipient.name) || recipient.name},`,
    '',
    entries.length === 1
      ? 'You were mentioned in a message you have not read yet:'
      : `You were mentioned in ${entries.length} messages you have not read yet:`,
    '',
  ];
  for (const entry of entries.slice(0, DIGEST_MAX_LISTED)) {
    lines.push(
      `${entry.class_name} · #${entry.channel_name}`,
      `${digestAuthorName(entry)}: ${digestExcerpt(entry.body, names)}`,
      `Open: ${publicUrl}${messageLinkPath(entry)}`,
      '',
    );
  }
  if (entries.length > DIGEST_MAX_LISTED)
    lines.push(
      `…and ${entries.length - DIGEST_MAX_LISTED} more: open ${appName} to read them.`,
      '',
    );
  lines.push(
    '—',
    `You get this e-mail because you were mentioned in ${appName} while you were away.`,
    `Change when (or whether) ${appName} e-mails you: ${publicUrl}${NOTIFICATION_SETTINGS_PATH}`,
    `Stop these e-mails: ${input.unsubscribeUrl}`,
  );
  const identity = createHash('sha256')
    .update(`${input.uid}\n${entries.map((entry) => entry.message_id).join('\n')}`)
    .digest('hex')
    .slice(0, 32);
  return {
    to: recipient.email,
    subject: digestSubject(
      entries.length,
      entries.map((entry) => entry.class_name),
    ),
    text: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': `<digest-${identity}@${new URL(publicUrl).hostname}>`,
      'Auto-Submitted': 'auto-generated',
    },
  };
}
