// The screens issue 33 touched, as a person on a phone (360 px) in dark mode sees them, with axe:
// the "Verify your e-mail" step on a server without SMTP points to the development outbox (point 8),
// which holds the code; "I already have a code" on Forgot password opens the code step without
// sending a new code (point 3); the Add people dialog reads an address list as Outlook and Gmail
// copy it — names with commas, before <…> or in quotes, semicolons, a group — and still previews
// the line it skips (point 7); search results (point 1); the catalogue's prices with their
// currency and its billing words (point 6). Nothing is wider than the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_PATH = '/classes/class_demo_seminar';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // No SMTP_URL: mail is kept in the development outbox.
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

/** A phone in dark mode (the app's stored colour mode too, so it opens dark). */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    colorScheme: 'dark',
    bypassCSP: true,
  });
  await context.addInitScript(() => window.localStorage.setItem('seminar.colorMode', 'dark'));
  return { context, page: await context.newPage() };
}

/** Dark, no wider than the phone, and axe clean. */
async function checkScreen(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
    .toBe('dark');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
}

type Outbox = Array<{ to: string; subject: string; text: string }>;
async function mailsTo(email: string): Promise<Outbox> {
  const response = await fetch(`${server.url}/dev/outbox.json`);
  return ((await response.json()) as Outbox).filter((mail) => mail.to === email);
}

describe('the screens issue 33 touched, on a phone in dark mode', () => {
  it('verify your e-mail: says the mail is in the development outbox, which holds the code', async () => {
    const { context, page } = await phone();
    const email = `ada-${Date.now().toString(36)}@example.edu`;
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel('Name').fill('Lovelace, Ada');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
    const outbox = page.getByRole('link', { name: 'development outbox' });
    await outbox.waitFor();
    expect(await outbox.getAttribute('href')).toBe('/dev/outbox');
    await checkScreen(page);
    // The link's page lists the mail with the code.
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toMatch(/verification code/);
    const opened = await context.newPage();
    await opened.goto(`${server.url}/dev/outbox`);
    await opened.getByText(mail!.subject).first().waitFor();
    await context.close();
  });

  it('forgot password: "I already have a code" opens the code step and sends no new code', async () => {
    const { context, page } = await phone();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
    // The e-mail step, as a phone in dark mode shows it.
    await checkScreen(page);
    await page.getByRole('button', { name: 'I already have a code' }).click();
    await page
      .getByText(
        `Enter the 6-digit code we mailed to ${DEMO_INSTRUCTOR} and choose a new password.`,
      )
      .waitFor();
    await page.getByLabel('Code').waitFor();
    await page.getByLabel('New password').waitFor();
    await checkScreen(page);
    expect((await mailsTo(DEMO_INSTRUCTOR)).filter((mail) => /reset/i.test(mail.subject))).toEqual(
      [],
    );
    await context.close();
  });

  it('signed in: add people from a pasted address list, search results, catalogue prices', async () => {
    const { context, page } = await phone();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account' }).waitFor();

    // Add people: a To: field as Outlook and Gmail copy it, and a line that is no address.
    await page.goto(`${server.url}${DEMO_CLASS_PATH}/people`);
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add people' });
    await dialog
      .getByLabel('Email addresses')
      .fill(
        [
          'Turing, Alan <alan.turing@example.edu>; "Hopper, Grace" <grace@example.edu>',
          'Lab partners: Noether, Emmy <emmy@example.edu>, kurt@example.edu;',
          'not an address',
        ].join('\n'),
      );
    await dialog.getByText('4 addresses ready to add.').waitFor();
    await dialog.getByText('Line 3: “not an address” has no email address').waitFor();
    await dialog.getByRole('button', { name: 'Add 4 people' }).waitFor();
    await checkScreen(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Search results over the class's messages.
    await page.goto(`${server.url}${DEMO_CLASS_PATH}`);
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('introduce');
    const found = page.getByRole('list', { name: 'Messages found' }).getByRole('button');
    await found.first().waitFor();
    await checkScreen(page);

    // The catalogue: prices in the installation's currency, billing words without a stray capital.
    await page.goto(`${server.url}/catalogue?class=class_demo_seminar`);
    await page.getByRole('heading', { name: 'AI products', level: 1 }).waitFor();
    const bot = page.getByRole('article', { name: 'Data Analyst Bot' });
    await bot
      .getByText(/\$\d+\.\d\d per student/)
      .first()
      .waitFor();
    await checkScreen(page);
    await context.close();
  });
});
