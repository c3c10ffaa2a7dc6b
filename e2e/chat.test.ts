// Journey: an instructor and a student chat in a class, each in their own browser — messages go
// both ways live, the typing line shows and clears, each sees the other online, a private channel
// stays hidden from the student until they are added, a deleted channel leaves the student's list
// live, a message sent while the student is offline arrives exactly once when they are back (an
// outage long enough to drop the socket: chat-outage.test.ts), and script payloads in a message, a
// channel name and a user name show as plain text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs as apiAsPerson, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

const SCRIPT = '<script>window.pwned = true</script>';

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

const signUp = (name: string, email: string) => signUpPerson(browser, server, name, email);
const apiAs = (person: Person) => apiAsPerson(server, person);

const channelList = (page: Page) => page.getByRole('list', { name: 'Channels' });
const channelButton = (page: Page, name: string | RegExp) =>
  channelList(page).getByRole('button', { name });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function openChannel(page: Page, name: string | RegExp): Promise<void> {
  await channelButton(page, name).click();
  await messageLog(page).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/**
 * Sends `text` from `page` and waits until it shows there and on `others`: everything stored before
 * it has reached them too (a channel's messages arrive in order), so an absence checked after it is
 * proved, not hoped for after a sleep.
 */
async function sendAndSee(page: Page, text: string, others: Page[] = []): Promise<void> {
  await send(page, text);
  for (const shown of [page, ...others])
    await messageLog(shown).locator('p', { hasText: text }).waitFor({ timeout: 30_000 });
}

/** How many times exactly `text` shows as a message body. */
const copies = (log: Locator, text: string) => log.locator('p', { hasText: text }).count();

const pwned = (page: Page) =>
  page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned === true);

describe('chat', () => {
  let teacher: Person;
  let student: Person;
  let classId: string;

  beforeAll(async () => {
    teacher = await signUp('Lovelace, Ada', 'ada@example.edu');
    student = await signUp(`Eve ${SCRIPT}`, 'eve@example.edu');
    const api = await apiAs(teacher);
    try {
      classId = makeRecordId('class', teacher.uid);
      await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Chemistry 101' });
      const added = await api.trpc.classes.addMembers.mutate({
        class_id: classId,
        role: 'student',
        people: [{ email: student.email, name: '' }],
      });
      expect(added.added).toEqual([student.email]);
    } finally {
      await api.close();
    }
    for (const person of [teacher, student]) {
      await person.page.goto(`${server.url}/classes/${classId}`);
      await channelButton(person.page, /^general/).waitFor();
    }
  });

  afterAll(async () => {
    await teacher?.context.close();
    await student?.context.close();
  });

  it('exchanges messages live, with the typing line and who is online', async () => {
    await openChannel(teacher.page, /^general/);
    await openChannel(student.page, /^general/);
    expect(new URL(student.page.url()).searchParams.get('channel')).toBeTruthy();
    await expect.poll(() => student.page.getByText('No messages yet — say hello').count()).toBe(1);

    // Each sees the other online (the user name with a script in it is only text).
    await student.page.getByRole('group', { name: 'Online: Ada Lovelace' }).waitFor();
    await teacher.page.getByRole('group', { name: `Online: Eve ${SCRIPT}` }).waitFor();

    // Typing shows for the other, and clears when the message is sent.
    await composer(teacher.page).fill('Welcome');
    await student.page.getByText('Ada Lovelace is typing…').waitFor();
    await composer(teacher.page).press('Enter');
    await messageLog(student.page).getByText('Welcome').waitFor();
    await expect
      .poll(() => student.page.getByText('Ada Lovelace is typing…').count(), { timeout: 5_000 })
      .toBe(0);

    // Markdown renders; a script payload in a message is text.
    await send(student.page, `Thanks **everyone** ${SCRIPT}`);
    const reply = messageLog(teacher.page).locator('p', { hasText: 'Thanks' });
    await reply.waitFor();
    expect(await reply.textContent()).toBe(`Thanks everyone ${SCRIPT}`);
    expect(await reply.locator('strong').textContent()).toBe('everyone');
    await messageLog(teacher.page).getByText(`Eve ${SCRIPT}`).first().waitFor();
    expect(await teacher.page.locator('main script').count()).toBe(0);

    // The author edits their message; then an instructor deletes it.
    await messageLog(student.page).getByRole('button', { name: 'Message actions' }).click();
    await student.page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = student.page.getByRole('textbox', { name: 'Edit message' });
    await edit.fill('Thanks, all');
    await edit.press('Enter');
    await messageLog(teacher.page).getByText('Thanks, all').waitFor();
    await messageLog(teacher.page).getByText('(edited)').waitFor();
    const actions = messageLog(teacher.page).getByRole('button', { name: 'Message actions' });
    expect(await actions.count()).toBe(2);
    await actions.last().click();
    await teacher.page.getByRole('menuitem', { name: 'Delete' }).click();
    await teacher.page
      .getByRole('dialog', { name: 'Delete this message?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await messageLog(student.page).getByText('Message deleted').waitFor();
    expect(await copies(messageLog(student.page), 'Thanks, all')).toBe(0);
    expect(await pwned(teacher.page)).toBe(false);
    expect(await pwned(student.page)).toBe(false);
  });

  it('hides a private channel from the student until they are added; deleting it removes it live', async () => {
    const name = `Lab ${SCRIPT}`;
    // From before it exists, the student's page notes when the channel first shows in its list.
    await student.page.evaluate(() => {
      const page = window as unknown as { __labShownAt?: number };
      new MutationObserver(() => {
        const list = document.querySelector('[aria-label="Channels"]');
        if (page.__labShownAt === undefined && list?.textContent?.includes('Lab <script>'))
          page.__labShownAt = Date.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await teacher.page.getByRole('button', { name: 'Create channel' }).click();
    const dialog = teacher.page.getByRole('dialog', { name: 'Create channel' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('switch', { name: 'Public' }).uncheck();
    await dialog.getByRole('button', { name: 'Create channel' }).click();

    // The instructor's list has it (and opens it), the name a plain text with a lock.
    await channelButton(teacher.page, /Lab <script>/).waitFor();
    await teacher.page.getByRole('heading', { name }).waitFor();
    expect(await pwned(teacher.page)).toBe(false);

    // The student does not see it…
    expect(await channelButton(student.page, /Lab <script>/).count()).toBe(0);

    // …until the instructor adds them, then it appears live.
    await teacher.page.getByRole('button', { name: 'Channel settings' }).click();
    const settings = teacher.page.getByRole('dialog', { name: 'Channel settings' });
    await settings.getByRole('combobox', { name: 'Person' }).fill('Eve');
    await teacher.page.getByRole('option', { name: /eve@example\.edu/ }).click();
    const addedAt = Date.now();
    await settings.getByRole('button', { name: 'Add to channel' }).click();
    await settings.getByText(/was added to the channel/).waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();
    await channelButton(student.page, /Lab <script>/).waitFor();
    expect(await channelButton(student.page, /Lab <script>/).textContent()).toContain(name);
    // …not at any moment before the add was sent (not only at one moment after the create).
    const shownAt = await student.page.evaluate(
      () => (window as unknown as { __labShownAt?: number }).__labShownAt,
    );
    expect(shownAt).toBeGreaterThanOrEqual(addedAt);
    expect(await pwned(student.page)).toBe(false);

    // A message there shows as unread on the student's list.
    await send(teacher.page, 'Lab notes are up');
    await expect
      .poll(() => channelButton(student.page, /Lab <script>/).textContent())
      .toContain('1 unread message');

    // The instructor deletes it: it leaves the student's list live.
    await teacher.page.getByRole('button', { name: 'Channel settings' }).click();
    await settings.getByRole('button', { name: 'Delete channel' }).click();
    await teacher.page
      .getByRole('dialog', { name: /Delete “Lab/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => channelButton(teacher.page, /Lab <script>/).count()).toBe(0);
    await expect.poll(() => channelButton(student.page, /Lab <script>/).count()).toBe(0);
  });

  it('sends a message written while offline exactly once when the connection is back', async () => {
    await openChannel(student.page, /^general/);
    await openChannel(teacher.page, /^general/);
    const text = 'Written on the train';

    await student.context.setOffline(true);
    await send(student.page, text);
    await messageLog(student.page).getByText('Sending…').waitFor();
    // Nothing reaches the instructor while the student is offline: a message the instructor sends
    // after it shows, and the student's does not.
    await sendAndSee(teacher.page, 'While you were away');
    expect(await copies(messageLog(teacher.page), text)).toBe(0);

    await student.context.setOffline(false);
    await messageLog(teacher.page).getByText(text).waitFor({ timeout: 45_000 });
    await expect
      .poll(() => messageLog(student.page).getByText('Sending…').count(), { timeout: 45_000 })
      .toBe(0);
    // Its outbox is empty: a duplicate would have been stored before the instructor's next message,
    // which both see.
    await sendAndSee(teacher.page, 'Welcome back', [student.page]);
    expect(await copies(messageLog(teacher.page), text)).toBe(1);
    expect(await copies(messageLog(student.page), text)).toBe(1);
    // And after a reload (from the server's own record), still once.
    await student.page.reload();
    await messageLog(student.page).getByText(text).waitFor();
    expect(await copies(messageLog(student.page), text)).toBe(1);
  });

  it('fits a 360 px wide screen: the channel list and the chat take turns', async () => {
    const page = await student.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/classes/${classId}`);
    await openChannel(page, /^general/);
    expect(await channelList(page).count()).toBe(0);
    await composer(page).waitFor();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Back to channels' }).click();
    await channelButton(page, /^general/).waitFor();
    expect(await messageLog(page).count()).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.close();
  });
});
