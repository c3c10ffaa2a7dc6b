// Journey (issue 16.1, "a way home from a class"): the demo instructor opens the demo class; the
// Seminar logo and "/" then show My classes (the stored class is resumed only when a session
// starts); the Class selector's menu ends with "My classes" and "Find a class"; signing in again
// resumes the class once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';

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

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

const myClasses = (page: Page) => page.getByRole('heading', { name: 'My classes', level: 1 });
const classHeading = (page: Page) => page.getByRole('heading', { name: DEMO_CLASS, level: 1 });
const path = (page: Page) => new URL(page.url()).pathname;

/** My classes shows, with its list loaded, and stays (no redirect to the class follows). */
async function staysOnMyClasses(page: Page): Promise<void> {
  await myClasses(page).waitFor();
  // The list shows only once the resume is decided (a skeleton stands in while it may still go to
  // the stored class, features/classes/selection.tsx): with it shown, no resume can follow.
  await page.getByRole('article', { name: DEMO_CLASS }).waitFor();
  expect(path(page)).toBe('/');
  expect(await myClasses(page).isVisible()).toBe(true);
}

async function openClassSelector(page: Page): Promise<string[]> {
  await page.getByRole('banner').getByRole('combobox', { name: 'Class' }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  return listbox.getByRole('option').allTextContents();
}

describe('a way home from a class', () => {
  it('the logo and "/" show My classes; the Class selector offers My classes and Find a class', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signIn(page);
    // Nothing stored yet: My classes.
    await staysOnMyClasses(page);

    await page.getByRole('article', { name: DEMO_CLASS }).getByRole('link').first().click();
    await classHeading(page).waitFor();

    // The logo: home, and home stays home.
    await page.getByRole('banner').getByRole('link', { name: 'Seminar' }).click();
    await staysOnMyClasses(page);

    // Typing "/" (a page load in the same session): My classes too.
    await page.goto(`${server.url}/`);
    await staysOnMyClasses(page);

    // The Class selector: my classes, then "My classes" and "Find a class".
    const options = await openClassSelector(page);
    expect(options.at(0)).toContain(DEMO_CLASS);
    expect(options.slice(-2)).toEqual(['My classes', 'Find a class']);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByRole('option', { name: 'Find a class' }).click();
    await page.getByRole('heading', { name: 'Find a class', level: 1 }).waitFor();
    expect(path(page)).toBe('/public-classes');

    await openClassSelector(page);
    await page
      .getByRole('option', { name: new RegExp(DEMO_CLASS.replace(/[()]/g, '\\$&')) })
      .click();
    await classHeading(page).waitFor();
    await expect
      .poll(() => page.getByRole('banner').getByRole('combobox', { name: 'Class' }).textContent())
      .toBe(DEMO_CLASS);

    await openClassSelector(page);
    await page.getByRole('option', { name: 'My classes' }).click();
    await staysOnMyClasses(page);

    // Keyboard: the selector's last entries are reachable with the arrow keys.
    const selector = page.getByRole('banner').getByRole('combobox', { name: 'Class' });
    await selector.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Find a class', level: 1 }).waitFor();
    await context.close();
  });

  it('resumes the stored class once when a session starts', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('article', { name: DEMO_CLASS }).getByRole('link').first().click();
    await classHeading(page).waitFor();

    // Sign out and in again: a new session starts where the last one was.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page);
    await classHeading(page).waitFor();
    expect(path(page)).toBe('/classes/class_demo_seminar');

    // Once: the logo then shows My classes.
    await page.getByRole('banner').getByRole('link', { name: 'Seminar' }).click();
    await staysOnMyClasses(page);
    await context.close();
  });
});
