// Docs: docs/channels.md#unsubscribe — one-click unsubscribe (RFC 8058): every digest carries a
// List-Unsubscribe URL signed for its person with a key derived from the server's secret, so the
// POST a mail provider sends needs no session. GET only shows a page with the button (link
// scanners and previews fetch GETs; a GET must change nothing) — the routes are in
// unsubscribeRoutes.ts, apart from the signatures the mail worker uses.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** The key of the unsubscribe signatures: derived from the server's secret, used for nothing else. */
export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('seminar unsubscribe v1').digest();
}

function signature(key: Buffer, uid: string): string {
  return createHmac('sha256', key).update(uid).digest('base64url');
}

/** The one-click unsubscribe URL of one person's mails. */
export function unsubscribeUrl(publicUrl: string, key: Buffer, uid: string): string {
  const query = new URLSearchParams({ u: uid, s: signature(key, uid) });
  return `${publicUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** Whether `s` is `uid`'s signature (constant time). */
export function verifyUnsubscribe(key: Buffer, uid: string, s: string): boolean {
  const expected = Buffer.from(signature(key, uid));
  const given = Buffer.from(s);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
