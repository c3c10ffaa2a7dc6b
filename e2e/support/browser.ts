// Debian's Chromium driven by playwright-core, with the flags this machine needs (DEVELOPERS.md).
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/** Launches headless Chromium; close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
