// Journey: someone who uses only the keyboard (no mouse, no clicks, no fill) signs in as the demo
// instructor, opens the demo class, goes to its Chat tab and sends a message, switches colour mode
// to Dark through the menu, and signs out through the Account menu — and focused controls show a
// visible focus indicator on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_PATTERN = new RegExp(DEMO_CLASS.replace(/[()]/g, '\\$&'));

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const isFocused = (locator: Locator) =>
  locator
    .first()
    .evaluate((el) => el === document.activeElement)
    .catch(() => false);

/** A short description of the focused element, for failure messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return `${role} "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  });

/**
 * Presses `key` (Tab by default; Shift+Tab or an arrow key also work) until `target` has focus,
 * failing with the list of what got focus on the way.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 60, key = 'Tab'): Promise<void> {
  await target.first().waitFor();
  const seen: string[] = [];
  for (let presses = 0; presses <= maxPresses; presses++) {
    if (await isFocused(target)) return;
    if (presses === maxPresses) break;
    await page.keyboard.press(key);
    seen.push(await describeFocus(page));
  }
  throw new Error(
    `${target} never got focus after ${maxPresses} presses of ${key}. Focus went to:\n  ` +
      seen.join('\n  '),
  );
}

/**
 * What draws focus on a control: an outline or a box shadow of its own, MUI's keyboard focus ripple
 * or card focus highlight, or the focused border of a text field (its input root is `Mui-focused`).
 * `:focus-visible` is listed too, to tell keyboard focus from any focus.
 */
const focusIndicators = (locator: Locator) =>
  locator.first().evaluate((el) => {
    const found: string[] = [];
    if (el.matches(':focus-visible')) found.push(':focus-visible');
    const style = getComputedStyle(el);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      found.push(`outline ${style.outlineStyle} ${style.outlineWidth}`);
    }
    if (style.boxShadow !== 'none') found.push(`box-shadow ${style.boxShadow}`);
    if (el.querySelector('.MuiTouchRipple-ripplePulsate')) found.push('focus ripple');
    const highlight = el.querySelector('.MuiCardActionArea-focusHighlight');
    if (highlight && parseFloat(getComputedStyle(highlight).opacity) > 0) {
      found.push('focus highlight');
    }
    if (el.closest('.MuiInputBase-root.Mui-focused')) found.push('focused input border');
    return found;
  });

/** The focused control is keyboard-focused (`:focus-visible`) and something draws that focus. */
async function expectFocusIndicator(locator: Locator): Promise<void> {
  expect(await isFocused(locator), `${locator} should have focus`).toBe(true);
  // MUI's ripple and highlight fade in: wait for them.
  await expect
    .poll(async () => {
      const found = await focusIndicators(locator);
      return found.includes(':focus-visible') && found.length > 1 ? 'visible' : found.join(', ');
    })
    .toBe('visible');
}

describe('keyboard use', () => {
  it('the main journeys work by keyboard alone', async () => {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    const page = await context.newPage();
    const mode = () => page.evaluate(() => document.documentElement.dataset.colorMode);

    // 1. Sign in.
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const email = page.getByLabel('Email');
    await tabTo(page, email);
    await expectFocusIndicator(email);
    await page.keyboard.type(DEMO_INSTRUCTOR);
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, password, 5);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await page.getByRole('heading', { name: 'My classes' }).waitFor();

    // 2. Open the demo class, go to its Chat tab and send a message.
    const classLink = page.getByRole('main').getByRole('link', { name: DEMO_CLASS_PATTERN });
    await tabTo(page, classLink);
    await expectFocusIndicator(classLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();

    const tabs = page.getByRole('tablist', { name: 'Class sections' });
    // The tab list is one Tab stop (the selected tab); arrows move between its tabs.
    await tabTo(page, tabs.getByRole('tab', { selected: true }));
    await tabTo(page, tabs.getByRole('tab', { name: 'People' }), 4, 'ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/people');
    const chatTab = tabs.getByRole('tab', { name: 'Chat' });
    await tabTo(page, chatTab, 4, 'ArrowLeft');
    await expectFocusIndicator(chatTab);
    await page.keyboard.press('Enter');
    await expect.poll(() => chatTab.getAttribute('aria-selected')).toBe('true');

    // Open the "general" channel from the list, then write in its composer.
    const general = page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ });
    await tabTo(page, general);
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    await expect.poll(() => general.getAttribute('aria-current')).toBe('true');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, composer);
    const message = `Typed without a mouse ${Date.now()}`;
    await page.keyboard.type(message);
    await page.keyboard.press('Enter');
    await log.getByText(message).waitFor();

    // 3. Colour mode: Dark, through the menu.
    await expect.poll(mode).toBe('light');
    const colourMode = page.getByRole('button', { name: 'Colour mode' });
    await tabTo(page, colourMode, 80, 'Shift+Tab');
    await expectFocusIndicator(colourMode);
    await page.keyboard.press('Enter');
    const dark = page.getByRole('menuitemradio', { name: 'Dark' });
    await tabTo(page, dark, 4, 'ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(mode).toBe('dark');
    // The menu closes and focus goes back to its button.
    await dark.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(colourMode)).toBe(true);

    // 4. Sign out through the Account menu.
    const account = page.getByRole('button', { name: 'Account' });
    await tabTo(page, account, 10);
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await tabTo(page, signOut, 6, 'ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
