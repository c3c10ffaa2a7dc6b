// chat: a channel of 5,000 messages in real Chromium on the built app (issue 12), against a static
// page holding the same 5,000 messages as plain HTML with no JavaScript (what the browser does with
// no app at all), served by the same server. The server runs the built bundle on a fresh PostgreSQL
// database; the messages — ordinary lines, markdown (lists, code, emphasis, links) and hostile
// markdown (8 KB of `*a `, deep `_` runs, brackets) — are written straight into it.
//
// Measured in the page (performance.now(), a requestAnimationFrame check; long tasks by
// PerformanceObserver, which reports every task over 50 ms):
// - cold: a reload of the channel's page until its newest message is on screen (ours and baseline);
// - switch: from the click on the channel in the list (the app already open on another channel)
//   until its newest message is on screen — the list's first render, goal ≤ 300 ms;
// - scroll: from the newest message up through every page of history to "This is the start of the
//   channel" (BENCH_QUICK: 40 pages, 1,000 messages) — time, pages and the longest task;
// - typing: 5 s while another person types in the channel (their typing indicator live here).
// Goals: cold ≤ 1.2 × the baseline's (issue 38; the median of alternating loads of each), switch
// ≤ 300 ms and no task over 50 ms in switch, scroll and typing. ratio = baseline cold ms / ours cold
// ms (higher is better).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../test-support/serverProcess';
import { createBenchDatabase, findPostgres, type BenchPostgres } from './lib/database';
import { signUpUsers, type BenchSession } from './lib/fixtures';
import { profiling } from './lib/child';
import { chatBody, chatHistoryRows, escapeHtml, MESSAGE_COUNT } from './lib/chatHistory';
import { benchDir, formatTable, percentile, quick, round, type BenchResult } from './lib/util';
import { chromePath, ensureBuilt } from './web';

const BASELINE_FILE = 'bench-chat-baseline.html';
const TYPING_MS = 5_000;

/** coldVsBaseline: ours at most this many times the static page's cold load (issue 38). */
export const CHAT_GOALS = { switchMs: 300, longestTaskMs: 50, coldVsBaseline: 1.2 } as const;

/**
 * Cold loads of each page, taken in turns; the median counts. One load of each varied by a factor
 * of two on a shared 2-core machine (the static page's 363 → 664 ms within an hour).
 */
const COLD_RUNS = quick ? 3 : 5;

/** Installed in every page before its scripts: long tasks, and a wait for a message on screen. */
const PAGE_PROBE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__clickAt = null;
  document.addEventListener('click', () => { window.__clickAt ??= performance.now(); }, true);
  window.__onScreen = (text) => new Promise((resolve) => {
    const check = () => {
      const rows = document.querySelectorAll('[data-message-id], [data-bench-message]');
      for (let i = rows.length - 1; i >= 0; i -= 1) {
        const row = rows[i];
        if (row.textContent.includes(text)) {
          const box = row.getBoundingClientRect();
          if (box.height > 0 && box.bottom > 0 && box.top < innerHeight) {
            resolve(performance.now());
            return;
          }
        }
      }
      requestAnimationFrame(check);
    };
    check();
  });
`;

interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks: LongTask[];
    __clickAt: number | null;
    __onScreen(text: string): Promise<number>;
  }
}

/** The longest task that started in [from, to] (page time), 0 when none was over 50 ms. */
async function longestTask(page: Page, from: number, to: number): Promise<number> {
  const tasks = await page.evaluate(() => window.__longTasks);
  return Math.max(
    0,
    ...tasks.filter((task) => task.start >= from && task.start <= to).map((task) => task.duration),
  );
}

const newest = chatBody(MESSAGE_COUNT).split('\n')[0] as string;

/** Writes the class, two channels, the users' memberships and the history straight into PostgreSQL. */
async function writeFixture(url: string, people: BenchSession[]) {
  const [instructor, student] = people as [BenchSession, BenchSession];
  const classId = 'class_bench_chat';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('update users set email_verified = true');
    await client.query(`insert into classes (class_id, name) values ($1, 'Chat bench')`, [classId]);
    await client.query(
      `insert into class_memberships (class_id, uid, role) values ($1, $2, 'instructor'), ($1, $3, 'student')`,
      [classId, instructor.user.uid, student.user.uid],
    );
    await client.query(
      `insert into channels (channel_id, class_id, name, is_public, last_seq)
       values ('channel_bench_general', $1, 'general', true, 1),
              ('channel_bench_history', $1, 'history', true, $2)`,
      [classId, MESSAGE_COUNT],
    );
    await client.query(
      `insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
       values ('msg_bench_general_1', $1, 'channel_bench_general', 1, $2, $3, 'Welcome')`,
      [classId, instructor.user.uid, instructor.user.name],
    );
    const rows = chatHistoryRows(classId, 'channel_bench_history', [instructor.user, student.user]);
    for (let start = 0; start < rows.length; start += 250) {
      const batch = rows.slice(start, start + 250);
      await client.query(
        `insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body, created_at)
         select * from jsonb_to_recordset($1::jsonb) as r(id text, class_id text, channel_id text,
           seq bigint, author_uid text, author_name text, body text, created_at timestamptz)`,
        [JSON.stringify(batch)],
      );
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return { classId, general: 'channel_bench_general', history: 'channel_bench_history' };
}

/** The baseline: every message as plain HTML, no JavaScript, scrolled to the newest. */
function writeBaseline(dist: string): string {
  const path = join(dist, BASELINE_FILE);
  const items = Array.from(
    { length: MESSAGE_COUNT },
    (_, index) =>
      `<li data-bench-message><b>Author</b><p>${escapeHtml(chatBody(index + 1))}</p></li>`,
  ).join('\n');
  writeFileSync(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Chat baseline</title>
<style>body{font:14px/1.4 system-ui;margin:0}ol{list-style:none;margin:0;padding:8px}p{margin:0 0 8px;white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><main><ol>${items}</ol></main><script>/* none: scroll to the end */</script></body></html>`,
  );
  return path;
}

async function contextFor(browser: Browser, server: ServerProcess, session: BenchSession) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = session.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript(PAGE_PROBE);
  return context;
}

/** Waits (at most 60 s) until `text` is on screen in a message row; the page time then. */
async function onScreen(page: Page, text: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void page
        .screenshot({ path: join(benchDir, 'results', 'chat-failure.png') })
        .catch(() => undefined);
      reject(
        new Error(
          `"${text.slice(0, 40)}" not on screen in 60 s at ${page.url()} (screenshot: bench/results/chat-failure.png)`,
        ),
      );
    }, 60_000);
  });
  try {
    return await Promise.race([
      page.evaluate((wanted) => window.__onScreen(wanted), text),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens `url` and waits until `text` is on screen; the page time it took. */
async function coldLoad(page: Page, url: string, text: string): Promise<number> {
  // The tab in front: a page behind another is hidden, and a hidden page gets no animation frames.
  await page.bringToFront();
  await page.goto(url, { waitUntil: 'commit' });
  if (url.endsWith(BASELINE_FILE)) {
    await page.waitForLoadState('domcontentloaded');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  return onScreen(page, text);
}

/**
 * With BENCH_PROFILE=1, a CPU profile of the page from now until the returned function is called,
 * written to bench/.profiles/chat-<name>.cpuprofile, and a trace of the same time (the page's tasks
 * with their script, style, layout and paint: what a long task was made of) to
 * chat-<name>.trace.json. Open either in Chrome DevTools (Performance panel for the trace).
 */
async function profilePage(page: Page, name: string): Promise<() => Promise<void>> {
  if (!profiling) return async () => undefined;
  const browser = page.context().browser();
  const dir = join(benchDir, '.profiles');
  mkdirSync(dir, { recursive: true });
  const tracePath = join(dir, `chat-${name}.trace.json`);
  await browser?.startTracing(page, {
    path: tracePath,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    writeFileSync(join(dir, `chat-${name}.cpuprofile`), JSON.stringify(profile));
    await session.detach();
    await browser?.stopTracing();
  };
}

/** Scrolls of the message log per run: to the start, or (BENCH_QUICK) 40 pages of history. */
const SCROLL_LIMIT = quick ? 40 : 2 * MESSAGE_COUNT;

/** Scrolls the message log to its top until the start of the channel shows; time and pages. */
async function scrollToStart(page: Page) {
  const log = page.getByRole('log', { name: 'Messages' });
  const start = await page.evaluate(() => performance.now());
  let pages = 0;
  for (let tries = 0; tries < SCROLL_LIMIT; tries += 1) {
    if ((await page.getByText('This is the start of the channel.').count()) > 0) break;
    const first = await log.locator('[data-message-id]').first().getAttribute('data-message-id');
    await log.evaluate((element) => (element.scrollTop = 0));
    // Wait for an older page to arrive (the first row changes) or the start to show.
    await page
      .waitForFunction(
        (previous) =>
          document
            .querySelector('[role="log"] [data-message-id]')
            ?.getAttribute('data-message-id') !== previous ||
          document.body.textContent?.includes('This is the start of the channel.'),
        first,
        { timeout: 10_000, polling: 'raf' },
      )
      .catch(() => undefined);
    pages += 1;
  }
  const end = await page.evaluate(() => performance.now());
  const reached = (await page.getByText('This is the start of the channel.').count()) > 0;
  return {
    ms: end - start,
    scrolls: pages,
    reached,
    longestTaskMs: await longestTask(page, start, end),
  };
}

/** The chat benchmark (standalone: its own database, server and browser). */
export async function chat(log: (line: string) => void = console.log): Promise<BenchResult> {
  const dist = ensureBuilt(log);
  let postgres: BenchPostgres | null = null;
  let drop: (() => Promise<void>) | null = null;
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  const baselinePath = writeBaseline(dist);
  try {
    postgres = await findPostgres();
    const database = await createBenchDatabase(postgres);
    drop = database.drop;
    server = await startServerProcess({
      from: 'dist',
      env: { LOG_LEVEL: 'warn', DATABASE_URL: database.url },
    });
    const people = await signUpUsers(server.url, 2);
    const fixture = await writeFixture(database.url, people);
    log(`${MESSAGE_COUNT} messages written; server (built bundle, PostgreSQL) at ${server.url}`);
    browser = await chromium.launch({
      executablePath: chromePath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const reader = await contextFor(browser, server, people[0] as BenchSession);
    const typist = await contextFor(browser, server, people[1] as BenchSession);
    contexts.push(reader, typist);
    const page = await reader.newPage();
    const channelUrl = (channel: string) =>
      `${server?.url}/classes/${fixture.classId}?channel=${channel}`;

    // Warm the server's and the browser's caches once, then measure ours and the baseline in turns
    // (both see the same background load); the median of each counts.
    const baselineUrl = `${server.url}/${BASELINE_FILE}`;
    const baselinePage = await reader.newPage();
    await coldLoad(page, channelUrl(fixture.history), newest);
    await coldLoad(baselinePage, baselineUrl, newest);
    const coldRunsMs: number[] = [];
    const baselineColdRunsMs: number[] = [];
    let baselineLongestTaskMs = 0;
    for (let run = 0; run < COLD_RUNS; run += 1) {
      coldRunsMs.push(round(await coldLoad(page, channelUrl(fixture.history), newest)));
      const baselineMs = await coldLoad(baselinePage, baselineUrl, newest);
      baselineColdRunsMs.push(round(baselineMs));
      baselineLongestTaskMs = Math.max(
        baselineLongestTaskMs,
        await longestTask(baselinePage, 0, baselineMs),
      );
    }
    await baselinePage.close();
    const coldMs = percentile(coldRunsMs, 50);
    const baselineColdMs = percentile(baselineColdRunsMs, 50);
    log(
      `cold: ours ${round(coldMs)} ms (runs ${coldRunsMs.join(', ')}), baseline ${round(baselineColdMs)} ms (runs ${baselineColdRunsMs.join(', ')})`,
    );
    // BENCH_PROFILE=1: one more load of ours, traced (not counted: tracing slows it).
    const stopColdProfile = await profilePage(page, 'cold');
    await coldLoad(page, channelUrl(fixture.history), newest);
    await stopColdProfile();

    // Switch: open on general, then click the history channel.
    await coldLoad(page, channelUrl(fixture.general), 'Welcome');
    const stopSwitchProfile = await profilePage(page, 'switch');
    const shown = onScreen(page, newest);
    await page.evaluate(() => (window.__clickAt = null));
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^history/ })
      .click();
    const shownAt = await shown;
    const clickAt = (await page.evaluate(() => window.__clickAt)) ?? shownAt;
    await stopSwitchProfile();
    const switchMs = shownAt - clickAt;
    const switchLongestTaskMs = await longestTask(page, clickAt, shownAt + 100);
    log(`switch: ${round(switchMs)} ms, longest task ${round(switchLongestTaskMs)} ms`);

    // Typing: the other person types in the channel for 5 s while this page is in view.
    const typistPage = await typist.newPage();
    await coldLoad(typistPage, channelUrl(fixture.history), newest);
    const typingFrom = await page.evaluate(() => performance.now());
    const composer = typistPage.getByRole('textbox', { name: 'Message' });
    await composer.click();
    const typedUntil = Date.now() + TYPING_MS;
    while (Date.now() < typedUntil)
      await composer.pressSequentially('typing along in class ', { delay: 60 });
    const typingTo = await page.evaluate(() => performance.now());
    const typingIndicatorSeen = (await page.getByText(/is typing/).count()) > 0;
    const typingLongestTaskMs = await longestTask(page, typingFrom, typingTo);
    await composer.fill('');
    log(
      `typing: longest task ${round(typingLongestTaskMs)} ms, indicator seen ${typingIndicatorSeen}`,
    );

    const stopScrollProfile = await profilePage(page, 'scroll');
    const scroll = await scrollToStart(page);
    await stopScrollProfile();
    log(
      `scroll to the start: ${round(scroll.ms)} ms over ${scroll.scrolls} scrolls, reached ${scroll.reached}, longest task ${round(scroll.longestTaskMs)} ms`,
    );

    const goalsMet = {
      cold: coldMs <= CHAT_GOALS.coldVsBaseline * baselineColdMs,
      switch: switchMs <= CHAT_GOALS.switchMs,
      noLongTask:
        Math.max(switchLongestTaskMs, typingLongestTaskMs, scroll.longestTaskMs) <=
        CHAT_GOALS.longestTaskMs,
      // BENCH_QUICK scrolls 40 pages, not to the start.
      reachedStart: scroll.reached || quick,
      typingShown: typingIndicatorSeen,
    };
    console.log('');
    console.log(
      formatTable(
        ['phase', 'ms', 'longest task ms (0: none over 50)', 'note'],
        [
          [
            'cold load (ours)',
            round(coldMs),
            '—',
            `reload until the newest message shows; goal ≤ ${CHAT_GOALS.coldVsBaseline}× baseline`,
          ],
          [
            'cold load (baseline)',
            round(baselineColdMs),
            round(baselineLongestTaskMs),
            'static HTML, 5,000 rows',
          ],
          [
            'switch',
            round(switchMs),
            round(switchLongestTaskMs),
            `goal ≤ ${CHAT_GOALS.switchMs} ms`,
          ],
          [
            'typing (5 s)',
            TYPING_MS,
            round(typingLongestTaskMs),
            `indicator seen: ${typingIndicatorSeen}`,
          ],
          [
            'scroll to start',
            round(scroll.ms),
            round(scroll.longestTaskMs),
            `${scroll.scrolls} scrolls`,
          ],
        ],
      ),
    );
    return {
      name: 'chat',
      unit: 'ms to the newest message, cold (lower is better)',
      ours: round(coldMs),
      baseline: round(baselineColdMs),
      ratio: round(baselineColdMs / coldMs),
      // ours ≤ 1.2 × baseline is ratio ≥ 1 / 1.2; goalsMet.cold holds the exact comparison.
      goal: round(1 / CHAT_GOALS.coldVsBaseline),
      goalText: `cold ≤ ${CHAT_GOALS.coldVsBaseline}× baseline, switch ≤ ${CHAT_GOALS.switchMs} ms, no task > ${CHAT_GOALS.longestTaskMs} ms`,
      goalsMet,
      description: `A channel of ${MESSAGE_COUNT} messages (with hostile markdown) in Chromium on the built app vs a static page of the same messages with no JavaScript. ratio = baseline cold ms / ours cold ms.`,
      messages: MESSAGE_COUNT,
      coldRunsMs,
      baselineColdRunsMs,
      switchMs: round(switchMs),
      switchLongestTaskMs: round(switchLongestTaskMs),
      typingLongestTaskMs: round(typingLongestTaskMs),
      scroll: { ...scroll, ms: round(scroll.ms), longestTaskMs: round(scroll.longestTaskMs) },
      baselineLongestTaskMs: round(baselineLongestTaskMs),
    };
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await drop?.().catch(() => undefined);
    postgres?.stop?.();
    rmSync(baselinePath, { force: true });
  }
}
