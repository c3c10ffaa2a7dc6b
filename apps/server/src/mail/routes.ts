// Docs: docs/accounts.md#e-mail — the development outbox pages: only to requests made on this
// machine (it shows every reset code); 404 in production, with SMTP, and to anyone else.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocalRequest } from '../http/loopback';
import { escapeHtml } from '../http/web';
import type { Runtime } from '../runtime';

/** GET /dev/outbox (a page) and GET /dev/outbox.json. */
export function registerOutboxRoutes(app: FastifyInstance, runtime: Runtime): void {
  const outbox = (request: FastifyRequest) => {
    if (runtime.config.isProduction || !isLocalRequest(request)) return null;
    return runtime.services?.mailer.outbox ?? null;
  };
  const notFound = { error: 'not_found', message: 'Nothing here.' };

  app.get('/dev/outbox.json', async (request, reply) => {
    const mails = outbox(request);
    if (!mails) return reply.code(404).send(notFound);
    reply.header('Cache-Control', 'no-store');
    return mails.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }));
  });

  app.get('/dev/outbox', async (request, reply) => {
    const mails = outbox(request);
    if (!mails) return reply.code(404).send(notFound);
    const items = [...mails]
      .reverse()
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}</p><pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development outbox · ${escapeHtml(runtime.config.appName)}</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><main><h1>Development outbox</h1><p>Mail the server would have sent. Set SMTP_URL to send real mail.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(body);
  });
}
