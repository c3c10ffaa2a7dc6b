// What a failed browser test leaves to read: each open page's address and visible words,
// the last warnings and errors its console printed, and the spec server's last warnings. Added to
// the failure's own message (e2e/support/setup.ts), so it is in the summary at the end of a run —
// the part of a CI log that is kept — and a flake seen once there can be understood from it.
import type { Browser, BrowserContext, ConsoleMessage } from 'playwright-core';
import type { ServerProcess } from '../../test-support/serverProcess';

/** Console lines kept per browser context (the newest). */
const CONSOLE_LINES = 12;
/** Visible words kept per page. */
const PAGE_TEXT_CHARS = 600;
/** Server log lines (warnings and errors) kept. */
const SERVER_LINES = 10;

const browsers = new Set<Browser>();
const servers = new Set<ServerProcess>();
const consoleOf = new WeakMap<BrowserContext, string[]>();

function keep(lines: string[], line: string, max: number): void {
  lines.push(line);
  if (lines.length > max) lines.splice(0, lines.length - max);
}

/** Watches a launched browser: every context made in it records its console's warnings. */
export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    const lines: string[] = [];
    consoleOf.set(context, lines);
    const stamp = () => new Date().toISOString().slice(11, 23);
    context.on('console', (message: ConsoleMessage) => {
      const type = message.type();
      if (type !== 'warning' && type !== 'error') return;
      // The first line (an error's stack follows it).
      const text = message.text().split('\n')[0] ?? '';
      keep(lines, `${stamp()} ${type}: ${text.slice(0, 300)}`, CONSOLE_LINES);
    });
    context.on('weberror', (error) =>
      keep(lines, `${stamp()} uncaught: ${error.error().message.slice(0, 300)}`, CONSOLE_LINES),
    );
    return context;
  };
}

/** Watches a spec server (its output is read on failure); forgotten once it has exited. */
export function watchServer(server: ServerProcess): void {
  servers.add(server);
  void server.exited.then(() => servers.delete(server));
}

/** Pino's JSON lines at warn (40) or above, shortened. */
function serverWarnings(output: string): string[] {
  const found: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) < 40) continue;
      found.push(`${entry.level}: ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.slice(0, 300));
    } catch {
      // Not a log line.
    }
  }
  return found.slice(-SERVER_LINES);
}

/** What each open page shows and printed, and what the servers warned of: text for a failure. */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  let person = 0;
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      person += 1;
      for (const page of context.pages()) {
        let text: string;
        try {
          text = await page.evaluate(
            (max) => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, max),
            PAGE_TEXT_CHARS,
          );
        } catch (error) {
          text = `(could not read the page: ${(error as Error).message.split('\n')[0]})`;
        }
        parts.push(`browser context ${person}: ${page.url()}\n  shows: ${text}`);
      }
      const lines = consoleOf.get(context) ?? [];
      if (lines.length > 0) parts.push(`  console:\n    ${lines.join('\n    ')}`);
    }
  }
  for (const server of servers) {
    const warnings = serverWarnings(server.output());
    if (warnings.length > 0) parts.push(`server ${server.url} warned:\n  ${warnings.join('\n  ')}`);
  }
  return parts.join('\n');
}
