// Docs: docs/institutions.md#lti-13 — the few server-made pages of an LTI launch: a refusal in plain
// words, the deep-linking choice, and the form that carries the signed answer back to the LMS. Each
// has its own Content-Security-Policy (nothing loads but what the page needs).
import { randomBytes } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface Page {
  html: string;
  csp: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#121212}a{color:#9ecbff}}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
ul{list-style:none;padding:0}li{margin:.5rem 0}`;

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

const BASE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/** A refused launch: what happened, and what to do. */
export function refusalPage(appName: string, message: string): Page {
  return {
    html: layout(
      `${appName} could not open this launch`,
      `<h1>${escapeHtml(appName)} could not open this launch</h1><p role="alert">${escapeHtml(message)}</p><p>If this keeps happening, tell your course's administrator: the launch log of ${escapeHtml(appName)}'s admin page has the details.</p>`,
    ),
    csp: `${BASE_CSP}; form-action 'none'`,
  };
}

/** The instructor's deep-linking choice: one button per activity of the class. */
export function deepLinkPickerPage(
  appName: string,
  choiceToken: string,
  activities: Array<{ activity_id: string; title: string }>,
): Page {
  const items = activities
    .map(
      (activity) =>
        `<li><form method="post" action="/lti/deep-link"><input type="hidden" name="choice" value="${escapeHtml(choiceToken)}"><input type="hidden" name="activity_id" value="${escapeHtml(activity.activity_id)}"><button type="submit">Place “${escapeHtml(activity.title)}”</button></form></li>`,
    )
    .join('');
  const body =
    activities.length === 0
      ? `<p>This class has no activities yet. Create one in ${escapeHtml(appName)}, then add it to your course again.</p>`
      : `<p>Choose the activity to place in your course.</p><ul>${items}</ul>`;
  return {
    html: layout(
      'Place an activity in your course',
      `<h1>Place an activity in your course</h1>${body}`,
    ),
    csp: `${BASE_CSP}; form-action 'self'`,
  };
}

/** Posts `fields` to `action` (another origin: the LMS) at once; a button if scripts are off. */
export function autoPostPage(title: string, action: string, fields: Record<string, string>): Page {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return {
    html: layout(
      title,
      `<h1>${escapeHtml(title)}</h1><form id="post" method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Continue</button></form><script nonce="${nonce}">document.getElementById('post').submit();</script>`,
    ),
    csp: `${BASE_CSP}; script-src 'nonce-${nonce}'; form-action ${new URL(action).origin}`,
  };
}
