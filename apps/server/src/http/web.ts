// Docs: docs/ARCHITECTURE.md#the-request-path — the built web app, its templated index.html, the web app
// manifest and the favicon. The build writes .br and .gz copies of its text files; they are sent as
// they are to a browser that accepts them (`preCompressed`), everything else is compressed by
// @fastify/compress (app.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_CURRENCY,
  DESCRIPTION_TEMPLATE,
  GET_SESSION_PATH,
  THEME_BACKGROUND_COLOR,
  THEME_PRIMARY_COLOR,
  TITLE_TEMPLATE,
} from '@seminar/shared';
import type { Config } from '../config';

/** Written by the web build beside index.html (apps/web/build/routePreloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

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

/**
 * Fills the `{name}` templates (SPEC §2) into index.html's title, meta tags and first screen, and
 * the installation's currency (`{currency}`, an ISO 4217 code) into its meta tag.
 */
export function renderIndexHtml(
  template: string,
  appName: string,
  currency: string = DEFAULT_CURRENCY,
): string {
  const name = escapeHtml(appName);
  const title = escapeHtml(TITLE_TEMPLATE.replaceAll('{name}', appName));
  const description = escapeHtml(DESCRIPTION_TEMPLATE.replaceAll('{name}', appName));
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replaceAll('{description}', description)
    .replaceAll('{currency}', escapeHtml(currency))
    .replaceAll('{name}', name);
}

/** The build's route preloads (apps/web/build/routePreloads.ts): path prefix → chunk URLs. */
export interface RoutePreload {
  prefix: string;
  files: string[];
}

/** Reads `route-preloads.json`; anything but a list of { prefix, files } is no preloads. */
export function parseRoutePreloads(json: string): RoutePreload[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is RoutePreload =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as RoutePreload).prefix === 'string' &&
      Array.isArray((entry as RoutePreload).files) &&
      (entry as RoutePreload).files.every(
        (file) => typeof file === 'string' && file.startsWith('/assets/'),
      ),
  );
}

/**
 * index.html with a signed-in page's preloads at the end of its head: the session's answer (the
 * app asks for it first thing, and cannot show the page before it) and the page's chunks.
 */
export function withSignedInPreloads(html: string, files: readonly string[]): string {
  const links = [
    `    <link rel="preload" as="fetch" crossorigin href="${GET_SESSION_PATH}">\n`,
    ...files.map(
      (file) => `    <link rel="modulepreload" crossorigin href="${escapeHtml(file)}">\n`,
    ),
  ].join('');
  return html.replace('</head>', `${links}  </head>`);
}

/**
 * Whether a request carries a session cookie (Better Auth's, with or without the __Secure- prefix).
 * Only a hint for which chunks to name in the HTML: the session itself is checked by the API.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]/.test(cookieHeader ?? '');
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
    ? renderIndexHtml(readFileSync(indexPath, 'utf8'), config.appName, config.currency)
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
      allowedPath: (path) =>
        path !== '/index.html' && path !== '/favicon.svg' && path !== `/${ROUTE_PRELOADS_FILE}`,
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

  // A signed-in page opened by its address: its chunks named in its HTML, so they download beside
  // the entry's instead of after it has run (the build lists them per path prefix).
  const preloadsPath = join(distDir, ROUTE_PRELOADS_FILE);
  const routeHtml = (
    built && existsSync(preloadsPath) ? parseRoutePreloads(readFileSync(preloadsPath, 'utf8')) : []
  ).map(({ prefix, files }) => ({ prefix, html: withSignedInPreloads(indexHtml, files) }));

  const sendIndex = (reply: FastifyReply, html = indexHtml) =>
    reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      // The HTML differs with the session cookie (signed-in pages name their chunks).
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);

  const htmlFor = (request: FastifyRequest, path: string) =>
    (hasSessionCookie(request.headers.cookie) &&
      routeHtml.find((route) => path.startsWith(route.prefix))?.html) ||
    indexHtml;

  app.get('/', async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NOT_SPA.test(path)
    ) {
      return sendIndex(reply, htmlFor(request, path));
    }
    return reply
      .code(404)
      .send({ error: 'not_found', message: `Nothing at ${request.method} ${path}` });
  });
}
