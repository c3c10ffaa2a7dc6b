// web: the built app's first load, measured by Lighthouse (mobile, simulated throttling: a slow
// 4G network and a 4× slower CPU) in Debian's Chromium, on /sign-in and on a signed-in class chat
// page (the demo class's #general), against a baseline in the same run: a static page of the same
// shape (heading, two labelled fields, a button, the same Roboto fonts CSS) with no JavaScript,
// served by the same server with the same compression and caching. It needs no PostgreSQL: the
// server runs the built bundle on its embedded database with the demo class seeded.
//
// Reports per page: JavaScript bytes (as sent, brotli; and gzip, the goal's measure), FCP, LCP,
// TBT, the performance and accessibility scores (the median run's; every run's score and TBT too),
// and the goals: performance ≥ 0.95 in every run (issue 38), accessibility 1.0, sign-in JavaScript
// ≤ 120 KB gzip. ratio = the lowest run's score of an app page / the baseline's median.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot, startServerProcess, type ServerProcess } from '../test-support/serverProcess';
import { profiling } from './lib/child';
import { formatTable, quick, round, type BenchResult } from './lib/util';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS_CHAT = '/classes/class_demo_seminar?channel=channel_demo_general';
const BASELINE_FILE = 'bench-baseline.html';
/**
 * Lighthouse runs per page; the median run (by performance score) counts. Five: on this project's
 * 2-core machines a single run of the class chat page lands anywhere in a ±0.05 band (its Total
 * Blocking Time varies by a factor of two from run to run), so three runs' median still moved.
 */
const RUNS = quick ? 1 : 5;

export const GOALS = {
  /** In every run of each app page (issue 38), not only the median run. */
  performance: 0.95,
  accessibility: 1,
  /** JavaScript of the sign-in page, gzip, KB (1000 bytes). */
  signInJsKbGzip: 120,
} as const;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium 156 loads its WebUI omnibox popups (chrome://omnibox-popup) in a renderer of their
  // own at start-up; on two cores that renderer's ~1 s of CPU during the page load was counted, ×4,
  // as the page's own (its main thread waited for a core). Not part of any page measured here.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

interface PageRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Script bytes as transferred (the server sends brotli to Chromium). */
  jsTransferBytes: number;
  /** The same scripts gzip-compressed (level 9), the goal's measure. */
  jsGzipBytes: number;
  scripts: string[];
}

interface PageResult extends PageRun {
  page: string;
  path: string;
  runs: number;
  /** Every run's performance score and TBT, in run order: the spread behind the median. */
  runScores: number[];
  runTbtMs: number[];
}

export function chromePath(): string {
  const path = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}: install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
  return path;
}

/** Builds the app when its outputs are missing (as the browser tests do). */
export function ensureBuilt(log: (line: string) => void): string {
  const dist = join(repoRoot, 'apps/web/dist');
  const outputs = [join(repoRoot, 'apps/server/dist/main.js'), join(dist, 'index.html')];
  if (outputs.some((file) => !existsSync(file))) {
    log('building the app (npm run build)');
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  return dist;
}

/** The baseline page: the sign-in page's shape and fonts, no JavaScript. */
function writeBaseline(dist: string): string {
  const css = readdirSync(join(dist, 'assets')).find((name) => /^index-.*\.css$/.test(name));
  if (!css) throw new Error('the build has no index-*.css (the fonts)');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Seminar (baseline)</title>
<meta name="description" content="A static page of the sign-in page's shape, for the web benchmark.">
<link rel="stylesheet" href="/assets/${css}">
<style>
body{margin:0;font-family:Roboto,Helvetica,Arial,sans-serif;background:#fafafa;color:rgba(0,0,0,.87)}
header{padding:8px 16px;font-size:1.25rem;font-weight:500}
main{display:flex;justify-content:center;padding:16px}
form{background:#fff;border:1px solid #e0e0e0;border-radius:4px;padding:32px;width:100%;max-width:440px;box-sizing:border-box}
h1{font-weight:400;font-size:2.125rem;margin:0 0 24px}
label{display:block;margin:16px 0 4px}
input{display:block;width:100%;box-sizing:border-box;padding:16px 14px;font:inherit;border:1px solid #bdbdbd;border-radius:4px}
button{margin-top:24px;width:100%;padding:8px 22px;font:inherit;font-weight:500;text-transform:uppercase;color:#fff;background:#1976d2;border:0;border-radius:4px}
</style>
</head>
<body>
<header>Seminar</header>
<main>
<form method="post" action="/api/auth/sign-in/email">
<h1>Sign in</h1>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
  const path = join(dist, BASELINE_FILE);
  writeFileSync(path, html);
  return path;
}

/** Signs the demo instructor in over HTTP; the session cookie. */
async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: DEMO_INSTRUCTOR, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

/** The scripts' gzip size (level 9), fetched uncompressed from the server. */
async function gzipBytes(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

/** BENCH_PROFILE=1: each run's full Lighthouse report goes to bench/.profiles/ (git-ignored). */
function saveReport(url: string, lhr: unknown): void {
  const dir = join(repoRoot, 'bench/.profiles');
  mkdirSync(dir, { recursive: true });
  const { pathname, hash } = new URL(url);
  const name = `${pathname}${hash}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  writeFileSync(join(dir, `lighthouse-${name}-${Date.now()}.json`), JSON.stringify(lhr));
}

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function lighthouseRun(url: string, port: number, cookie: string | null): Promise<PageRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (profiling) {
    saveReport(url, lhr);
    const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (trace) saveReport(`${url}#trace`, trace);
  }
  const audits = lhr.audits as Audits;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes: await gzipBytes(scripts.map((item) => item.url)),
    scripts: scripts.map((item) => new URL(item.url).pathname),
  };
}

/**
 * A run that Lighthouse itself reports as failed (a trace it could not record, NO_NAVSTART and the
 * like, which a busy machine causes now and then) is made again, once, and said so.
 */
async function lighthouseRunWithRetry(
  url: string,
  port: number,
  cookie: string | null,
  log: (line: string) => void,
): Promise<PageRun> {
  try {
    return await lighthouseRun(url, port, cookie);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('Lighthouse: '))) throw error;
    log(`  ${error.message} — running it again`);
    return lighthouseRun(url, port, cookie);
  }
}

async function measurePage(
  page: string,
  path: string,
  server: ServerProcess,
  port: number,
  cookie: string | null,
  log: (line: string) => void,
): Promise<PageResult> {
  const runs: PageRun[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const measured = await lighthouseRunWithRetry(`${server.url}${path}`, port, cookie, log);
    log(
      `  ${page} run ${run + 1}/${RUNS}: performance ${measured.performance}, LCP ${Math.round(measured.lcpMs)} ms, TBT ${Math.round(measured.tbtMs)} ms, JS ${Math.round(measured.jsGzipBytes / 1000)} KB gzip`,
    );
    runs.push(measured);
  }
  const runScores = runs.map((run) => run.performance);
  const runTbtMs = runs.map((run) => Math.round(run.tbtMs));
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  const median = byScore[Math.floor(byScore.length / 2)] as PageRun;
  return { page, path, runs: runs.length, runScores, runTbtMs, ...median };
}

/** The runs' lowest and highest score ("0.78–0.84"), or the one score. */
function scoreRange(scores: readonly number[]): string {
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  return low === high ? String(low) : `${low}–${high}`;
}

/** Runs the web benchmark (it starts and stops what it measures). */
export async function web(log: (line: string) => void = console.log): Promise<BenchResult> {
  const dist = ensureBuilt(log);
  const baselinePath = writeBaseline(dist);
  let server: ServerProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    server = await startServerProcess({ from: 'dist', env: { LOG_LEVEL: 'warn' } });
    log(`server (built bundle, embedded database) at ${server.url}`);
    const cookie = await signIn(server);
    chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
    const pages: PageResult[] = [];
    pages.push(await measurePage('baseline', `/${BASELINE_FILE}`, server, chrome.port, null, log));
    pages.push(await measurePage('sign-in', '/sign-in', server, chrome.port, null, log));
    pages.push(await measurePage('class chat', DEMO_CLASS_CHAT, server, chrome.port, cookie, log));

    const [baseline, ...app] = pages as [PageResult, ...PageResult[]];
    const signInPage = app.find((page) => page.page === 'sign-in') as PageResult;
    // The goal holds in every run: a median over the goal could hide runs under it.
    const lowest = Math.min(...app.flatMap((page) => page.runScores));
    const goalsMet = {
      performance: lowest >= GOALS.performance,
      accessibility: app.every((page) => page.accessibility >= GOALS.accessibility),
      signInJs: signInPage.jsGzipBytes <= GOALS.signInJsKbGzip * 1000,
    };

    console.log('');
    console.log(
      formatTable(
        ['page', 'JS KB br', 'JS KB gzip', 'FCP ms', 'LCP ms', 'TBT ms', 'perf', 'runs', 'a11y'],
        pages.map((page) => [
          page.page,
          round(page.jsTransferBytes / 1000),
          round(page.jsGzipBytes / 1000),
          Math.round(page.fcpMs),
          Math.round(page.lcpMs),
          Math.round(page.tbtMs),
          page.performance,
          scoreRange(page.runScores),
          page.accessibility,
        ]),
      ),
    );
    console.log(
      `goals: performance ≥ ${GOALS.performance} in every run (${goalsMet.performance ? 'met' : 'NOT met'}), accessibility ${GOALS.accessibility} (${goalsMet.accessibility ? 'met' : 'NOT met'}), sign-in JS ≤ ${GOALS.signInJsKbGzip} KB gzip (${goalsMet.signInJs ? 'met' : `NOT met: ${round(signInPage.jsGzipBytes / 1000)} KB`})`,
    );

    return {
      name: 'web',
      unit: 'Lighthouse performance score (lowest run of an app page)',
      ours: lowest,
      baseline: baseline.performance,
      ratio: round(lowest / baseline.performance),
      goal: GOALS.performance,
      description:
        'Lighthouse (mobile, simulated throttling) on the built app: /sign-in and the demo class chat (signed in), vs a static page of the sign-in page’s shape with the same fonts and no JavaScript, served by the same server. ours = the lowest score of any run of an app page; ratio = ours / the baseline’s median score.',
      goals: GOALS,
      goalsMet,
      runsPerPage: RUNS,
      pages,
    };
  } finally {
    await chrome?.kill();
    await server?.stop();
    rmSync(baselinePath, { force: true });
  }
}
