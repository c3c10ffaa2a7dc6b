// Docs: docs/channels.md#unsubscribe — the unsubscribe URL's routes: GET shows a page with the
// button (link scanners and previews fetch GETs; a GET must change nothing), POST is RFC 8058's
// one click. The signatures are in unsubscribe.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NOTIFICATION_SETTINGS_PATH } from '@seminar/shared';
import { escapeHtml } from '../http/web';
import { requireServices, type Runtime } from '../runtime';
import { settingsUpdater } from './commands';
import { UNSUBSCRIBE_PATH, verifyUnsubscribe } from './unsubscribe';

const querySchema = z.object({ u: z.string().min(1).max(200), s: z.string().min(1).max(100) });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem;border-radius:6px}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** GET (a page with the button) and POST (RFC 8058's one click) of the unsubscribe URL. */
export function registerUnsubscribeRoutes(app: FastifyInstance, runtime: Runtime): void {
  void app.register(async (scope) => {
    // RFC 8058: the provider POSTs `List-Unsubscribe=One-Click` as a form; the signed URL is all
    // that counts, so the body is read as text (bounded) and not looked at.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    const settingsLink = () =>
      `<p><a href="${escapeHtml(runtime.config.publicUrl + NOTIFICATION_SETTINGS_PATH)}">Notification settings</a></p>`;
    const refused = (reply: FastifyReply) =>
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Link not valid',
            `<p>This unsubscribe link is not valid. Change your e-mails in your settings instead.</p>${settingsLink()}`,
          ),
        );

    scope.get(UNSUBSCRIBE_PATH, async (request, reply) => {
      const services = requireServices(runtime);
      const query = querySchema.safeParse(request.query);
      if (
        !query.success ||
        !verifyUnsubscribe(services.notifications.key, query.data.u, query.data.s)
      )
        return refused(reply);
      reply.header('Cache-Control', 'no-store');
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(query.data).toString()}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Stop e-mails about mentions?',
            `<p>You will get no more e-mails about mentions you missed. Notifications in the app stay as they are.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>${settingsLink()}`,
          ),
        );
    });

    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const services = requireServices(runtime);
      const query = querySchema.safeParse(request.query);
      if (
        !query.success ||
        !verifyUnsubscribe(services.notifications.key, query.data.u, query.data.s)
      )
        return refused(reply);
      await settingsUpdater(services.database.db, query.data.u, { email_delay: 'off' });
      reply.header('Cache-Control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribed',
            `<p>You will get no more e-mails about mentions you missed. You can turn them on again in your settings.</p>${settingsLink()}`,
          ),
        );
    });
  });
}
