// Docs: docs/channels.md#web-push — this browser's side of Web Push: whether it can, its
// subscription (through the app's service worker, build/serviceWorker.ts), and making or dropping
// one. Permission is asked only from `subscribePush`, which runs on the person's click.

/** Why push cannot be turned on here, in the person's words; null: it can. */
export function pushUnavailableReason(): string | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator))
    return 'This browser cannot receive push notifications.';
  if (!('PushManager' in window) || !('Notification' in window))
    return 'This browser cannot receive push notifications.';
  return null;
}

/** The app's service worker registration (none in a development build, which registers none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? await reg.pushManager.getSubscription() : null;
}

/** A base64url key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** A short name of this browser for the person's own list ("Firefox on Android"). */
export function browserLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

export type SubscribeOutcome =
  | { ok: true; subscription: PushSubscription }
  | { ok: false; reason: 'denied' | 'dismissed' | 'no-worker' | 'push-service' };

/**
 * Asks for permission (if never asked) and subscribes this browser with the server's key. The
 * browser's push service must answer for `subscribe` to succeed: without one reachable (a browser
 * with no push service, or a machine cut off from it) this ends with 'push-service'.
 */
export async function subscribePush(publicKey: string): Promise<SubscribeOutcome> {
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission === 'denied') return { ok: false, reason: 'denied' };
  if (permission !== 'granted') return { ok: false, reason: 'dismissed' };
  const reg = await registration();
  if (!reg) return { ok: false, reason: 'no-worker' };
  try {
    const subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return { ok: true, subscription };
  } catch {
    return { ok: false, reason: 'push-service' };
  }
}

/**
 * Drops this browser's push subscription (a sign-out: on a shared computer the next person must
 * not see the last one's notifications). The push service then answers the server's next push
 * with 404/410, and the server deletes its row. Never throws.
 */
export async function dropThisBrowsersPush(): Promise<void> {
  try {
    if (pushUnavailableReason()) return;
    await (await currentPushSubscription())?.unsubscribe();
  } catch {
    // Nothing subscribed, or the browser refused: nothing more to do.
  }
}
