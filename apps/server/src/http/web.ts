// Docs: docs/ARCHITECTURE.md#the-request-path — the built web app, its templated index.html, the web app
// manifest and the favicon. The build writes .br and .gz copies of its text files; they are sent as
// they are to a browser that accepts them (`preCompressed`), everything else is compressed by
// @fastify/compress (app.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DESCRIPTION_TEMPLATE,
  THEME_BACKGROUND_COLOR,
  THEME_PRIMARY_COLOR,
  TITLE_TEMPLATE,
} from '@seminar/shared';
import type { Config } from '../config';

const FALLBACK_FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1976d2"/><path d="M18 44V20h10a10 10 0 0 1 0 20h-4v4z" fill="#fff"/></svg>';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Fills the `{name}` templates (SPEC §2) into index.html's title and meta tags. */
export function renderIndexHtml(template: string, appName: string): string {
  const name = escapeHtml(appName);
  const title = escapeHtml(TITLE_TEMPLATE.replaceAll('{name}', appName));
  const description = escapeHtml(DESCRIPTION_TEMPLATE.replaceAll('{name}', appName));
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replaceAll('{description}', description)
    .replaceAll('{name}', name);
}

/** The web app manifest (installable app): the configured name, the theme, the icons. */
export function webAppManifest(appName: string): Record<string, unknown> {
  return {
    name: appName,
    short_name: appName.length <= 12 ? appName : appName.slice(0, 12),
    description: DESCRIPTION_TEMPLATE.replaceAll('{name}', appName),
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME_BACKGROUND_COLOR,
    theme_color: THEME_PRIMARY_COLOR,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** Paths the SPA fallback must never answer: the API and server endpoints give real 404s. */
const NOT_SPA = /^\/(api|dev|healthz|livez|readyz)(\/|$)/;

/** Serves favicon, hashed assets, and index.html for every other GET that accepts HTML. */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  distDir: string,
): Promise<void> {
  const faviconPath = join(distDir, 'favicon.svg');
  const favicon = existsSync(faviconPath)
    ? readFileSync(faviconPath)
    : Buffer.from(FALLBACK_FAVICON);
  // HEAD is answered by Fastify's automatic HEAD route for this GET (exposeHeadRoutes).
  app.get('/favicon.svg', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    reply.type('image/svg+xml');
    return favicon;
  });

  const manifest = JSON.stringify(webAppManifest(config.appName));
  app.get('/manifest.webmanifest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    reply.type('application/manifest+json; charset=utf-8');
    return manifest;
  });

  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built
    ? renderIndexHtml(readFileSync(indexPath, 'utf8'), config.appName)
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(config.appName)}</title></head><body><p>The web app is not built. Run <code>npm run build</code>, or start with <code>npm start</code>.</p></body></html>`;

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // One wildcard route; a missing file falls through to the not-found handler (the SPA fallback).
      wildcard: true,
      // The build's .br / .gz beside each text file, for a browser that accepts them.
      preCompressed: true,
      // index.html and the favicon have their own routes: index.html carries `{name}` placeholders.
      allowedPath: (path) => path !== '/index.html' && path !== '/favicon.svg',
      // Our own Cache-Control only (send's default would override it): Vite's hashed file names
      // change with their content, so cache them for good; revalidate everything else (sw.js).
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.includes(`${join(distDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The same URL is sent brotli, gzip or plain: shared caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);

  app.get('/', async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NOT_SPA.test(path)
    ) {
      return sendIndex(reply);
    }
    return reply
      .code(404)
      .send({ error: 'not_found', message: `Nothing at ${request.method} ${path}` });
  });
}
