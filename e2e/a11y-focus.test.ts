// Accessibility, what axe cannot see (issue 40): a keyboard focus ring of at least 3:1 on every kind
// of control in light and dark mode (channel items, class cards, menu items, search results, tabs,
// buttons, the message log), and no motion at all when the system asks for reduced motion (dialogs,
// menus, the highlight of a message opened from search). As the demo instructor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { focusRing } from './support/focusRing';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_PATH = '/classes/class_demo_seminar';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

type Mode = 'light' | 'dark';

async function newContext(
  mode: Mode,
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: mode,
    reducedMotion,
  });
  await context.addInitScript((stored) => {
    window.localStorage.setItem('seminar.colorMode', stored);
  }, mode);
  return context;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
}

/**
 * Focuses `target` as a keyboard user would reach it: a key press first (so the browser treats the
 * next focus as keyboard focus, as after Tab), then focus.
 */
async function keyboardFocus(page: Page, target: Locator): Promise<void> {
  await target.first().waitFor();
  await page.keyboard.press('Shift');
  await target.first().focus();
}

/** "ok" when the focused control shows a ring of ≥ 2 px and ≥ 3:1, else what it shows. */
async function ringVerdict(target: Locator): Promise<string> {
  const ring = await focusRing(target);
  return ring.focusVisible && ring.width >= 2 && ring.contrast >= 3
    ? 'ok'
    : `${ring.focusVisible ? '' : 'not :focus-visible; '}${ring.outline}; ${ring.contrast}:1 (${ring.colors})`;
}

/**
 * Every running animation or transition on the page, described. MUI's `mui-auto-fill` animations are
 * left out: they move nothing (a 10 ms no-op whose start event tells a field it was autofilled).
 */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document.getAnimations().flatMap((animation) => {
      if (
        animation instanceof CSSAnimation &&
        animation.animationName.startsWith('mui-auto-fill')
      ) {
        return [];
      }
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const name =
        animation instanceof CSSTransition
          ? `transition ${animation.transitionProperty}`
          : animation instanceof CSSAnimation
            ? `animation ${animation.animationName}`
            : 'animation';
      return [`${name} on ${target?.className.toString().slice(0, 80) ?? '?'}`];
    }),
  );

describe.each<Mode>(['light', 'dark'])('focus ring in %s mode', (mode) => {
  it('every kind of control shows a focus ring of at least 3:1', async () => {
    const context = await newContext(mode);
    const page = await context.newPage();
    const found: Record<string, string> = {};
    await signIn(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
      .toBe(mode);

    const create = page.getByRole('button', { name: 'Create class' });
    await keyboardFocus(page, create);
    found['button'] = await ringVerdict(create);

    const card = page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(DEMO_CLASS.replace(/[()]/g, '\\$&')) });
    await keyboardFocus(page, card);
    found['class card'] = await ringVerdict(card);

    // A menu opened from the keyboard focuses its first item.
    const account = page.getByRole('button', { name: 'Account' });
    await keyboardFocus(page, account);
    found['app bar button'] = await ringVerdict(account);
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem').first();
    await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
    found['menu item'] = await ringVerdict(item);
    await page.keyboard.press('Escape');
    await item.waitFor({ state: 'detached' });

    await page.goto(`${server.url}${DEMO_CLASS_PATH}`);
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    const tab = page.getByRole('tablist', { name: 'Class sections' }).getByRole('tab').first();
    await keyboardFocus(page, tab);
    found['tab'] = await ringVerdict(tab);

    const general = page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ });
    await keyboardFocus(page, general);
    found['channel item'] = await ringVerdict(general);
    await page.keyboard.press('Enter');

    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(/Introduce yourself/).waitFor();
    // The log hands keyboard focus to a message in view (one Tab stop, roving focus): its ring.
    await keyboardFocus(page, log);
    const message = log.locator('[role="article"]:focus');
    await message.waitFor();
    found['message'] = await ringVerdict(message);

    await page.getByRole('searchbox', { name: 'Search messages' }).fill('introduce');
    const result = page.getByRole('list', { name: 'Messages found' }).getByRole('button').first();
    await keyboardFocus(page, result);
    found['search result'] = await ringVerdict(result);

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, 'ok'])));
    await context.close();
  });
});

describe('reduced motion', () => {
  it('nothing fades, grows or flashes when the system asks for reduced motion', async () => {
    const context = await newContext('light', 'reduce');
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    await signIn(page);

    // A dialog: read as soon as it is there, while a fade would still be running.
    await page.getByRole('button', { name: 'Create class' }).click();
    await page.getByRole('dialog').waitFor();
    found['dialog opened'] = await runningAnimations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A menu (it would grow), opened from the keyboard (a focus ripple would pulse).
    const account = page.getByRole('button', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem').first().waitFor();
    found['menu opened'] = await runningAnimations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem').first().waitFor({ state: 'detached' });

    // A message opened from search is marked at once, without a two-second fade.
    await page.goto(`${server.url}${DEMO_CLASS_PATH}`);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('introduce');
    await page.getByRole('list', { name: 'Messages found' }).getByRole('button').first().click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('[data-focused="true"]').waitFor();
    found['message opened from search'] = await runningAnimations(page);

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
    await context.close();
  });
});
