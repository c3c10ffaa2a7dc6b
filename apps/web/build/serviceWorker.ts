// Docs: docs/ARCHITECTURE.md#installable — a Vite plugin that writes /sw.js: the service worker that
// keeps the app shell (index.html and the built JavaScript, CSS and Latin fonts) so the app opens
// when the network is slow or gone. Pages are fetched from the network first and from the cache
// after NAVIGATION_TIMEOUT_MS or a failure; hashed assets never change, so they come from the
// cache first. Nothing else (the API, the live socket, the keep-alive) goes through it: live data
// then says it is reconnecting, as without the worker. Each build is a new cache; old ones go.
//
// Docs: docs/channels.md#web-push — it also shows Web Push: a push (decrypted by the browser) is
// shown as a notification titled with the channel, saying who wrote what; a click focuses a tab of
// the app and opens the channel at the message (or opens a new tab there).
import type { Plugin } from 'vite';
// A relative path: the Vite config (which loads this file) runs outside the workspace's resolver.
import { pushNotificationText, type PushPayload } from '../../../packages/shared/src/push.ts';

/** How long a page request may take before the cached shell is shown instead. */
export const NAVIGATION_TIMEOUT_MS = 3_000;

/** Whether a built chunk holds styles only (nothing of it stays a script). */
export function isCssOnly(chunk: { code: string; moduleIds: readonly string[] }): boolean {
  if (chunk.code.trim() === '') return true;
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css($|\?)/.test(id));
}

/** The built files kept from the start: scripts, styles and the Latin fonts (woff2). */
export function precacheList(fileNames: readonly string[]): string[] {
  const kept = fileNames.filter(
    (name) =>
      /^assets\/.*\.(js|css)$/.test(name) ||
      /^assets\/roboto-(latin|basic)-\d+-normal-.*\.woff2$/.test(name),
  );
  return ['/', ...kept.sort().map((name) => `/${name}`)];
}

/** What the worker uses of its global scope (the DOM typings have no ServiceWorkerGlobalScope). */
interface WorkerScope {
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; respondWith(response: Promise<Response>): void }) => void,
  ): void;
  addEventListener(
    type: 'push',
    listener: (event: {
      data: { json(): unknown } | null;
      waitUntil(promise: Promise<unknown>): void;
    }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: {
      notification: { data: unknown; close(): void };
      waitUntil(promise: Promise<unknown>): void;
    }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  location: Location;
}

/** What the worker uses of a window client. */
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * The worker's code. It runs in the browser as its own script (turned into text below), so it
 * uses nothing from around it: its inputs are the arguments.
 */
function serviceWorker(
  scope: WorkerScope,
  version: string,
  precache: string[],
  navigationTimeoutMs: number,
  notificationText: typeof pushNotificationText,
): void {
  const cacheName = `seminar-shell-${version}`;

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) => cache.addAll(precache))
        .then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith('seminar-shell-') && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        )
        .then(() => scope.clients.claim()),
    );
  });

  const shell = async (): Promise<Response> =>
    (await caches.match('/', { cacheName })) ?? Response.error();

  const page = async (request: Request): Promise<Response> => {
    const network = fetch(request).then(async (response) => {
      if (response.ok) {
        const cache = await caches.open(cacheName);
        await cache.put('/', response.clone());
      }
      return response;
    });
    const late = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), navigationTimeoutMs),
    );
    try {
      const first = await Promise.race([network, late]);
      if (first !== 'late') return first;
      // Slow: the cached shell now; the network's answer still refreshes the cache.
      network.catch(() => undefined);
      const cached = await caches.match('/', { cacheName });
      return cached ?? (await network);
    } catch {
      return shell();
    }
  };

  const asset = async (request: Request): Promise<Response> => {
    const cached = await caches.match(request, { cacheName });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, response.clone());
    }
    return response;
  };

  // A push the server sent (PushPayload, docs/channels.md#web-push). Browsers require a notification
  // for every push, so even an unreadable one shows something.
  scope.addEventListener('push', (event) => {
    let payload: Partial<PushPayload> | null;
    try {
      payload = (event.data?.json() ?? null) as Partial<PushPayload> | null;
    } catch {
      payload = null;
    }
    const known =
      payload?.v === 1 &&
      typeof payload.path === 'string' &&
      payload.path.startsWith('/classes/') &&
      typeof payload.channel === 'string';
    const text = known
      ? notificationText({
          kind:
            payload!.kind === 'mention' || payload!.kind === 'ai_flag' ? payload!.kind : 'message',
          channel: payload!.channel!,
          author: String(payload!.author ?? ''),
          excerpt: String(payload!.excerpt ?? ''),
          activity: String(payload!.activity ?? ''),
        })
      : { title: 'Seminar', body: 'You have new messages.' };
    event.waitUntil(
      scope.registration.showNotification(text.title, {
        body: text.body,
        // One notification per message (or flag): a push sent twice replaces, never doubles.
        tag: known ? `message:${String(payload!.message_id)}` : 'seminar',
        data: { path: known ? payload!.path : '/' },
      }),
    );
  });

  // A click opens the channel at the message: in a tab of the app when one is open, else a new one.
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { path?: unknown } | null;
    const path =
      typeof data?.path === 'string' && data.path.startsWith('/') && !data.path.startsWith('//')
        ? data.path
        : '/';
    const url = new URL(path, scope.location.origin).href;
    event.waitUntil(
      scope.clients
        .matchAll({ type: 'window', includeUncontrolled: false })
        .then(async (clients) => {
          const client = clients.find(
            (candidate) => new URL(candidate.url).origin === scope.location.origin,
          );
          if (!client) return scope.clients.openWindow(url);
          // focus() needs the click's user activation; navigate() works either way.
          await client.focus().catch(() => undefined);
          return client.navigate(url).catch(() => scope.clients.openWindow(url));
        }),
    );
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    if (
      request.mode === 'navigate' &&
      !/^\/(api|dev|healthz|livez|readyz)(\/|$)/.test(url.pathname)
    ) {
      event.respondWith(page(request));
    } else if (url.pathname.startsWith('/assets/')) {
      event.respondWith(asset(request));
    }
  });
}

/** The text of /sw.js for a build. */
export function serviceWorkerSource(version: string, precache: string[]): string {
  const args = [
    'self',
    JSON.stringify(version),
    JSON.stringify(precache),
    String(NAVIGATION_TIMEOUT_MS),
    // The notification's words: the shared rule's own code, so the page and the worker agree.
    `(${pushNotificationText.toString()})`,
  ];
  return `// The app shell's service worker (apps/web/build/serviceWorker.ts).\n(${serviceWorker.toString()})(${args.join(', ')});\n`;
}

export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'seminar:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // A chunk of CSS alone is dropped from the output once its styles are extracted: listing it
      // would make the worker's install (cache.addAll) fail on a 404, and the app would have no
      // worker at all.
      const names = Object.entries(bundle)
        .filter(([, output]) => !(output.type === 'chunk' && isCssOnly(output)))
        .map(([name]) => name);
      const precache = precacheList(names);
      // The build's identity: its hashed file names.
      let hash = 0;
      for (const name of names.sort()) {
        for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
      }
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource((hash >>> 0).toString(36), precache),
      });
    },
  };
}
