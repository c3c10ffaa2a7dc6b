// Accessibility (issue 40, point 3): focus never falls to the page. After each action that takes the
// focused control away — signing in, opening a class, adding a reaction, saving an edit, confirming
// a delete, signing out, and on a phone opening a channel or going back — `document.activeElement`
// is the control that follows naturally; "Skip to composer" leads from the channel list to the
// composer. Driven by keyboard, as the demo instructor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_PATTERN = new RegExp(DEMO_CLASS.replace(/[()]/g, '\\$&'));

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

/** The focused element, described: "h1 My classes", "textarea Message", "<body>". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    const message = el.closest('[data-message-id]')?.getAttribute('data-message-id');
    return `${el.tagName.toLowerCase()} ${name.trim().replace(/\s+/g, ' ').slice(0, 60)}${message ? ` in ${message}` : ''}`;
  });

/** Whether focus is on (or, with `within`, inside) the locator's element. */
const hasFocus = (locator: Locator, within = false) =>
  locator
    .first()
    .evaluate(
      (el, inside) =>
        inside ? el.contains(document.activeElement) : el === document.activeElement,
      within,
    )
    .catch(() => false);

async function expectFocus(page: Page, locator: Locator, within = false): Promise<void> {
  await expect
    .poll(async () => ((await hasFocus(locator, within)) ? 'there' : await focused(page)))
    .toBe('there');
}

/** Signs in with the keyboard (Enter in the password field); focus lands on "My classes". */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expectFocus(page, page.getByRole('heading', { name: 'My classes', level: 1 }));
}

describe('focus after actions', () => {
  it('lands on the natural control on a desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);

    // Opening a class from its card: its heading.
    await page.getByRole('main').getByRole('link', { name: DEMO_CLASS_PATTERN }).press('Enter');
    await expectFocus(page, page.getByRole('heading', { name: DEMO_CLASS, level: 1 }));

    // A channel opened from the list keeps focus on it; the next Tab offers the composer.
    const general = page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ });
    await general.press('Enter');
    await expect.poll(() => general.getAttribute('aria-current')).toBe('true');
    await expectFocus(page, general);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(/Introduce yourself/).waitFor();
    let presses = 0;
    const composer = page.getByRole('textbox', { name: 'Message' });
    while (!(await hasFocus(composer)) && presses < 10) {
      await page.keyboard.press(presses === 0 || !(await skipFocused(page)) ? 'Tab' : 'Enter');
      presses += 1;
    }
    expect(presses).toBeLessThanOrEqual(5);
    await expectFocus(page, composer);

    const text = `Focus journey ${Date.now()}`;
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    const sent = log.locator('[data-message-id]', { hasText: text });
    await sent.locator('[aria-label^="Message actions"]').waitFor();
    // By id: its text changes below.
    const messageId = (await sent.getAttribute('data-message-id')) ?? '';
    const row = log.locator(`[data-message-id="${messageId}"]`);

    // Adding a reaction: focus stays with the message.
    await row.getByRole('button', { name: 'Add reaction' }).press('Enter');
    await page.getByRole('menuitem').first().press('Enter');
    await row.getByRole('group', { name: 'Reactions' }).waitFor();
    // (By id: the list may draw the row anew, or twice while it settles.)
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id') ??
            '',
        ),
      )
      .toBe(messageId);

    // Saving an edit: focus goes back to the message's actions.
    await row.getByRole('button', { name: 'Message actions' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).press('Enter');
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await expectFocus(page, editor);
    await page.keyboard.press('End');
    await page.keyboard.type(' (edited by keyboard)');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await expectFocus(page, row.getByRole('button', { name: 'Message actions' }));

    // Confirming a delete: the message has no actions left; focus goes on to the composer.
    await row.getByRole('button', { name: 'Message actions' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    await page
      .getByRole('dialog', { name: 'Delete this message?' })
      .getByRole('button', { name: 'Delete' })
      .press('Enter');
    await log.getByText('Message deleted').first().waitFor();
    await expectFocus(page, composer);

    // Signing out: the sign-in page's heading.
    await page.getByRole('button', { name: 'Account' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Sign out' }).press('Enter');
    await page.waitForURL('**/sign-in');
    await expectFocus(page, page.getByRole('heading', { name: 'Sign in', level: 1 }));
    await context.close();
  });

  it('lands on the composer and back on the channel on a phone', async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('main').getByRole('link', { name: DEMO_CLASS_PATTERN }).press('Enter');
    await expectFocus(page, page.getByRole('heading', { name: DEMO_CLASS, level: 1 }));

    const general = () =>
      page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /^general/ });
    await general().press('Enter');
    await expectFocus(page, page.getByRole('textbox', { name: 'Message' }));

    await page.getByRole('button', { name: 'Back to channels' }).press('Enter');
    await expectFocus(page, general());
    await context.close();
  });
});

/** Whether the "Skip to composer" link has focus (then Enter takes it). */
const skipFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent === 'Skip to composer');

describe('search, mentions and tabs', () => {
  it('announce what they found, move focus to the message and name the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/classes/class_demo_seminar`);
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    await expect
      .poll(() => page.title())
      .toMatch(/^(?:\(\d+\) )?Business Analytics \(demo\) · Chat · /);

    // Space opens a tab, as Enter does; the title names the tab.
    const tabs = page.getByRole('tablist', { name: 'Class sections' });
    await tabs.getByRole('tab', { name: 'People' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL('**/people');
    await expect
      .poll(() => page.title())
      .toMatch(/^(?:\(\d+\) )?Business Analytics \(demo\) · People · /);
    await tabs.getByRole('tab', { name: 'Chat' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.title()).toMatch(/ · Chat · /);

    // Search says how many it found, or that nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    const status = page.getByRole('region', { name: 'Search results' }).getByRole('status');
    await search.fill('qqzzxxnothing');
    await expect.poll(() => status.textContent()).toBe('No messages match “qqzzxxnothing”.');
    await search.fill('introduce');
    await expect.poll(() => status.textContent()).toMatch(/^[1-9]\d* results?(?: so far)?\.$/);

    // Opening a result moves focus to its message.
    const result = page.getByRole('list', { name: 'Messages found' }).getByRole('button').first();
    await result.press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    await expect
      .poll(() =>
        log.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-message-id'))).toBe(
      true,
    );

    // The mention list says how many it offers when it opens, and nothing once it is closed.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.focus();
    await page.keyboard.type('@');
    await page.getByRole('listbox', { name: 'Mention someone' }).waitFor();
    const count = await page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option')
      .count();
    const mentionStatus = page
      .locator('form')
      .getByRole('status')
      .filter({ hasText: /mention/ });
    await expect
      .poll(() => mentionStatus.textContent())
      .toMatch(new RegExp(`^${count} suggestions? to mention`));
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'Mention someone' }).waitFor({ state: 'detached' });
    await expect.poll(() => mentionStatus.count()).toBe(0);
    await context.close();
  });
});
