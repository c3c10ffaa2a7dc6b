// Debian's Chromium driven by playwright-core, with the flags this machine needs (DEVELOPERS.md).
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { watchBrowser } from './diagnostics';

/** How long Chromium gets to shut down before its processes are killed. */
const CLOSE_BOUND_MS = 20_000;

/**
 * The worker's Chromium: launched by the first spec and shared by the next ones (the specs share one
 * worker, vitest.config.ts), each person in a browser context of their own — separate cookies,
 * storage, caches and service workers — closed at the spec's end. Launched again if it went away.
 */
let shared: Promise<Browser> | null = null;

/** Headless Chromium for a spec; give it back with `closeBrowser` in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  const current = shared ? await shared.catch(() => null) : null;
  if (current?.isConnected()) return current;
  shared = launch();
  return shared;
}

async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
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
  watchBrowser(browser);
  return browser;
}

/**
 * Closes every context the spec made in the shared browser (the browser stays for the next spec).
 * Chromium's own shutdown is not what these tests check, and once, under a full CI run's load, it
 * never finished (a spec's afterAll waited its whole 120 s): past CLOSE_BOUND_MS the browser's
 * processes are killed, with a warning, and the next spec launches a new one.
 */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const closed = Promise.all(browser.contexts().map((context) => context.close())).then(() => true);
  const bound = (ms: number) => new Promise<false>((resolve) => setTimeout(resolve, ms, false));
  if (await Promise.race([closed, bound(CLOSE_BOUND_MS)])) return;
  const killed = killChromiumChildren();
  console.warn(
    `Chromium's contexts did not close within ${CLOSE_BOUND_MS / 1000} s; killed its process ${killed.join(', ') || '(none found)'}`,
  );
  await Promise.race([browser.close(), bound(5_000)]);
}

/**
 * SIGKILLs the Chromium processes this test process started (its renderers end with them);
 * returns their pids. Matched by name: Debian's /usr/bin/chromium is a script that execs
 * /usr/lib/chromium/chromium, so the path launched is not the process's.
 */
function killChromiumChildren(): number[] {
  const killed: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid || !name.startsWith('chrom')) continue;
      process.kill(Number(entry), 'SIGKILL');
      killed.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return killed;
}
