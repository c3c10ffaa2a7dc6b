// Journeys around the AI product catalogue, the demo, analytics and the inactivity reload:
// - the catalogue's search and filters narrow the live list and say how many products show;
// - the demo instructor uses a product in an activity of the demo class and sees its cost;
// - a site admin adds, checks, disables and deletes a product (a student sees it come and go live);
// - signing in as the demo instructor shows the demo class with its seeded conversation;
// - selecting a class sends class_selected with SPEC §7's whole payload to POST /api/events;
// - an idle page reloads (with the inactivity constants shortened through local storage).
// (Colour mode is covered by shell.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { analyticsBatchSchema } from '@seminar/shared';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { verifyOverHttp } from './support/verification';

const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_STUDENT = 'ada.lovelace@demo.seminar.test';
const DEMO_CLASS = 'Business Analytics (demo)';
const ADMIN_EMAIL = 'catalogue-admin@example.edu';
const ADMIN_PASSWORD = 'Quasar-Lantern-4471';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

const countText = (page: Page) => page.getByRole('status').filter({ hasText: /products?$/ });
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();

/** Picks options of one of the catalogue's filters (a multiple select), then closes it. */
async function chooseFilter(page: Page, label: string, options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
}

/**
 * Stops the page's installed clock a little ahead of the page's time: "now" would already be past
 * by the time the call lands on a loaded machine. Timers due in between fire once.
 */
async function stopPageClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
}

describe('the AI product catalogue', () => {
  it('searches and filters the live catalogue, with the result count', async () => {
    const page = await newPage();
    await signIn(page, DEMO_STUDENT);
    await page.getByRole('link', { name: 'AI products' }).click();
    await page.waitForURL('**/catalogue');
    await page.getByRole('heading', { name: 'AI products', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Catalogue · Seminar');
    await expect.poll(() => countText(page).textContent()).toBe('14 products');
    // By seq: DataAnalystBot (SPEC §9's bot) first.
    expect((await cardTitles(page))[0]).toBe('Data Analyst Bot');

    const search = page.getByRole('searchbox', { name: 'Search products' });
    // Title and description words, in any order and case.
    await search.fill('NEGOTIATION case');
    await expect.poll(() => cardTitles(page)).toEqual(['Negotiation Counterpart']);
    expect(await countText(page).textContent()).toBe('1 of 14 products');
    // The agent's name.
    await search.fill('DataAnalystBot');
    await expect.poll(() => cardTitles(page)).toEqual(['Data Analyst Bot']);
    // The search is kept in the address.
    expect(new URL(page.url()).searchParams.get('q')).toBe('DataAnalystBot');
    await search.fill('');
    await expect.poll(() => countText(page).textContent()).toBe('14 products');

    // Disciplines: any of the chosen ones; with a category: both must hold.
    await chooseFilter(page, 'Discipline', ['Business']);
    await expect.poll(() => cardTitles(page)).not.toContain('Lab Safety Coach');
    expect(await cardTitles(page)).toEqual(
      expect.arrayContaining(['Data Analyst Bot', 'Negotiation Counterpart']),
    );
    await chooseFilter(page, 'Category', ['Role play']);
    await expect.poll(() => cardTitles(page)).toEqual(['Negotiation Counterpart']);
    await chooseFilter(page, 'Type', ['AI agent']);
    await expect.poll(() => cardTitles(page)).toEqual(['Negotiation Counterpart']);

    // Nothing left: the empty state clears everything.
    await search.fill('zeppelin');
    await page.getByRole('heading', { name: 'No products match' }).waitFor();
    expect(await countText(page).textContent()).toBe('0 of 14 products');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => countText(page).textContent()).toBe('14 products');
    expect(await search.inputValue()).toBe('');

    // The detail: SPEC §3's fields. A student sees no cost and no "Use in activity".
    await cards(page)
      .filter({ has: page.getByRole('heading', { name: 'Data Analyst Bot' }) })
      .getByRole('link', { name: 'Details' })
      .click();
    const detail = page.getByRole('dialog', { name: 'Data Analyst Bot' });
    for (const text of [
      'Learning objective',
      'Students interrogate data before drawing conclusions',
      '$4.50 per student',
      '2.3.1',
      'mention',
      'data-analyst-bot-guide.pdf',
      'public',
    ]) {
      await detail.getByText(text).first().waitFor();
    }
    expect(await detail.getByRole('button', { name: 'Use in activity' }).count()).toBe(0);
    expect(page.url()).toContain('/catalogue/product_data_analyst_bot');
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/catalogue');
  });

  it('lets an instructor use a product in an activity of the selected class, with its cost', async () => {
    const page = await newPage();
    await signIn(page, DEMO_INSTRUCTOR);
    // Selecting the class (the app bar's Class selector) makes it the one costs are for.
    await page.getByRole('combobox', { name: 'Class' }).click();
    await page
      .getByRole('option', { name: new RegExp(DEMO_CLASS.replace(/[()]/g, '\\$&')) })
      .click();
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();

    await page.getByRole('link', { name: 'AI products' }).click();
    await page
      .getByText(`Agents to use in the activities of ${DEMO_CLASS} (3 students).`)
      .waitFor();
    await cards(page)
      .filter({ has: page.getByRole('heading', { name: 'Data Analyst Bot' }) })
      .getByRole('link', { name: 'Details' })
      .click();
    const detail = page.getByRole('dialog', { name: 'Data Analyst Bot' });
    // Three enrolled students in the demo class.
    await detail
      .getByText(`Cost for ${DEMO_CLASS}: $4.50 per student × 3 students = $13.50 per term`)
      .waitFor();
    await detail.getByRole('button', { name: 'Use in activity' }).click();

    const dialog = page.getByRole('dialog', { name: 'New activity' });
    const product = dialog.getByRole('combobox', { name: 'AI product' });
    expect(await product.inputValue()).toBe('Data Analyst Bot');
    await dialog.getByText('$4.50 per student × 3 students = $13.50 per term').waitFor();

    // The picker offers the catalogue; another product shows its own cost.
    await product.click();
    await page.getByRole('option', { name: /Negotiation Counterpart/ }).click();
    await dialog.getByText('$6.00 per student × 3 students = $18.00 per term').waitFor();
    await product.fill('');
    await product.fill('Data Analyst');
    await page.getByRole('option', { name: /Data Analyst Bot/ }).click();

    await dialog.getByLabel(/^Title/).fill('Churn case with the bot');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The cost is confirmed before the product is attached (docs/ai.md#cost-preview).
    const confirm = page.getByRole('dialog', { name: 'Confirm the AI product’s cost' });
    await confirm
      .getByText(
        `Cost for ${DEMO_CLASS}: $4.50 per student × 3 students = $13.50 per term · Billing: Per student, per term`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Confirm and save' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(`Activity “Churn case with the bot” added to ${DEMO_CLASS}.`).waitFor();
    await page.getByRole('link', { name: 'Open activities' }).click();
    const card = page.getByRole('article', { name: 'Churn case with the bot' });
    await card.getByText('AI product: Data Analyst Bot').waitFor();
    await card
      .getByText(`Cost for ${DEMO_CLASS}: $4.50 per student × 3 students`, { exact: false })
      .waitFor();
    // Saved for real: still there after a reload.
    await page.reload();
    await page.getByRole('article', { name: 'Churn case with the bot' }).waitFor();
  });

  it('lets a site admin add, disable and delete a product, live for everyone', async () => {
    const admin = await newPage();
    const response = await admin.context().request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { Origin: server.url },
      data: { name: 'Admin, Site', email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(response.status()).toBe(200);
    await verifyOverHttp(server.url, ADMIN_EMAIL);
    const student = await newPage();
    await signIn(student, DEMO_STUDENT);
    await student.goto(`${server.url}/catalogue`);
    await expect.poll(() => countText(student).textContent()).toBe('14 products');
    expect(await student.getByRole('button', { name: 'New product' }).count()).toBe(0);

    await admin.goto(`${server.url}/catalogue`);
    await admin.getByRole('button', { name: 'New product' }).click();
    const form = admin.getByRole('dialog', { name: 'New product' });
    await form.getByLabel(/^Price per user/).fill('-2');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a title').waitFor();
    await form.getByText('Enter a name').waitFor();
    await form.getByText('A price cannot be negative').waitFor();
    await form.getByLabel(/^Title/).fill('Statistics Drill Sergeant');
    await form.getByLabel(/^Name/).fill('DrillBot');
    await form.getByLabel(/^Description/).fill('Quick-fire hypothesis test drills.');
    await form.getByLabel(/^Disciplines/).fill('Statistics, Drills');
    await form.getByLabel(/^Price per user/).fill('1.25');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    await student.getByRole('heading', { name: 'Statistics Drill Sergeant' }).waitFor();
    await expect.poll(() => countText(student).textContent()).toBe('15 products');
    const searchbox = student.getByRole('searchbox', { name: 'Search products' });
    await searchbox.fill('drill');
    await expect.poll(() => cardTitles(student)).toEqual(['Statistics Drill Sergeant']);

    const card = admin.getByRole('article', { name: 'Statistics Drill Sergeant' });
    await card.getByText('$1.25 per student').waitFor();
    // A click (not uncheck()): the switch follows the live cache, which settles a tick later.
    await card.getByRole('switch', { name: 'Enabled' }).click();
    await card.getByText('Disabled').waitFor();
    // Disabled: gone from everyone else's catalogue, live.
    await student.getByRole('heading', { name: 'No products match' }).waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete product?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await admin.reload();
    await expect.poll(() => countText(admin).textContent()).toBe('14 products');
  });
});

describe('the demo', () => {
  it('shows the demo instructor the demo class with its conversation', async () => {
    const page = await newPage();
    await signIn(page, DEMO_INSTRUCTOR);
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    const demo = page.getByRole('article', { name: DEMO_CLASS });
    await demo.getByText('Demo', { exact: true }).waitFor();
    await demo.getByRole('link').first().click();
    await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /general/ })
      .click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log
      .getByText(/Welcome to/)
      .first()
      .waitFor();
    expect(await log.textContent()).toContain('Welcome to Business Analytics');
    // The demo's two activities, one a case with DataAnalystBot.
    await page.getByRole('tab', { name: 'Activities' }).click();
    await page.getByRole('article', { name: 'Pricing the premium tier' }).waitFor();
  });
});

describe('analytics', () => {
  it('sends class_selected with the whole SPEC §7 payload to POST /api/events', async () => {
    const page = await newPage();
    await signIn(page, DEMO_INSTRUCTOR);
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/api/events' &&
        (request.postData() ?? '').includes('"class_selected"'),
      { timeout: 20_000 },
    );
    await page.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: /Business Analytics/ }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toContain('application/json');
    const batch = analyticsBatchSchema.parse(JSON.parse(request.postData() ?? 'null'));
    const event = batch.find((item) => item.event === 'class_selected');
    expect(event).toMatchObject({
      event: 'class_selected',
      payload: { class_id: 'class_demo_seminar', class_name: DEMO_CLASS, role: 'instructor' },
      event_variant: 'instructor',
      database_name: 'Seminar',
      version: '0.3.0',
      screen_width: expect.any(Number),
      screen_height: expect.any(Number),
      pixel_ratio: expect.any(Number),
    });
    expect(Object.keys(event ?? {}).sort()).toEqual(
      [
        'database_name',
        'device_memory',
        'event',
        'event_variant',
        'hardware_concurrency',
        'languages',
        'payload',
        'pixel_ratio',
        'screen_height',
        'screen_width',
        'timestamp',
        'timezone',
        'user_agent',
        'version',
      ].sort(),
    );
    expect(event?.payload.uid).toMatch(/.+/);
    expect(event?.user_agent).toContain('Chrome');
    expect(event?.languages.length).toBeGreaterThan(0);
    expect(event?.timezone).not.toBe('');
    expect(Math.abs((event?.timestamp ?? 0) - Date.now())).toBeLessThan(60_000);
    expect((await request.response())?.status()).toBe(202);
  });
});

describe('inactivity', () => {
  it('reloads an idle page, and not while the user is active', async () => {
    const page = await newPage();
    // The page's clock is Playwright's, stopped once the page is up: idle and active time pass only
    // as the test says, whatever the machine's load.
    await page.clock.install();
    await signIn(page, DEMO_STUDENT);
    // A minute's threshold: the page's start (in real time, before the clock stops) is well within.
    await page.evaluate(() =>
      localStorage.setItem(
        'seminar.inactivityOverride',
        JSON.stringify({ thresholdMs: 60_000, intervalMs: 1_000 }),
      ),
    );
    // The override is read when the page starts.
    await page.reload();
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await stopPageClock(page);
    await page.evaluate(() => {
      (window as unknown as { __marker?: boolean }).__marker = true;
    });
    const marker = () =>
      page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker === true);

    // Active (a mouse move every 8 s) for twice the threshold, every check run: no reload.
    for (let i = 0; i < 15; i += 1) {
      await page.mouse.move(100 + i * 10, 200 + (i % 2) * 10);
      await page.clock.runFor(8_000);
    }
    expect(await marker()).toBe(true);

    // Idle past the threshold: the page reloads (the marker is gone with the old document).
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(62_000);
    await reloaded;
    await page.clock.resume();
    expect(await marker()).toBe(false);
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await page.evaluate(() => localStorage.removeItem('seminar.inactivityOverride'));
  });
});
