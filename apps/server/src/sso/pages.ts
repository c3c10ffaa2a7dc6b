// Docs: docs/institutions.md#when-sign-in-fails — what a person sees when single sign-on fails:
// a plain page with what happened and the way back, never a stack trace.
import { escapeHtml } from '../http/web';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** The page of a refused or failed sign-in: what happened, and a link back to the sign-in page. */
export function signInFailedPage(message: string): string {
  return page(
    'Sign-in did not work',
    `<p>${escapeHtml(message)}</p><p><a href="/sign-in">Back to sign in</a></p>`,
  );
}

/** A site admin's test sign-in: what the provider asserted; nobody was signed in. */
export function testSignInPage(
  label: string,
  identity: { email: string; emailVerified: boolean; subject: string; name?: string | undefined },
): string {
  const verified = identity.emailVerified
    ? 'verified by the provider: people with this address can sign in.'
    : 'NOT verified by the provider: sign-in would be refused for this address.';
  return page(
    `Test sign-in with ${label} worked`,
    `<p>${escapeHtml(label)} answered and its answer was verified. Nobody was signed in.</p><dl><dt>E-mail</dt><dd>${escapeHtml(identity.email)} — ${escapeHtml(verified)}</dd><dt>Name</dt><dd>${escapeHtml(identity.name ?? '(none)')}</dd><dt>Subject</dt><dd>${escapeHtml(identity.subject)}</dd></dl><p><a href="/admin">Back to the admin page</a></p>`,
  );
}
