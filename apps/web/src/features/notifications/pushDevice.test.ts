import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLabel, dropThisBrowsersPush, keyBytes } from './pushDevice';

describe('browserLabel', () => {
  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    ],
    [
      'Firefox on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ],
    [
      'Safari on iOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
    ],
    [
      'Chrome on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    ],
    ['Browser', 'curl/8.0'],
  ])('%s', (expected, userAgent) => {
    expect(browserLabel(userAgent)).toBe(expected);
  });
});

describe('keyBytes', () => {
  it.each([
    ['no padding needed', 'AQID', [1, 2, 3]],
    ['padding restored', 'AQI', [1, 2]],
    ['url-safe characters', '-_8', [0xfb, 0xff]],
  ])('%s', (_case, key, bytes) => {
    expect([...keyBytes(key)]).toEqual(bytes);
  });

  it('turns a VAPID public key into its 65-byte point', () => {
    const key = `B${'A'.repeat(86)}`;
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('dropThisBrowsersPush (a sign-out)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('unsubscribes this browser', async () => {
    const unsubscribe = vi.fn(async () => true);
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', function Notification() {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => ({ unsubscribe }) },
        }),
      },
    });
    await dropThisBrowsersPush();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and does not throw, where there is no Push API', async () => {
    await expect(dropThisBrowsersPush()).resolves.toBeUndefined();
  });
});
