// Accessibility of the message list (issue 40, points 1, 2 and 4), in Chromium. A MutationObserver
// on the page records what a screen reader would announce (text added inside a live region:
// `aria-live` polite or assertive, or role log, status or alert without `aria-live="off"`):
// nothing when a channel opens, one announcement with the author for a new message of someone
// else, nothing when scrolling back through history or on a reaction. Every message is named by its
// author and time (follow-on messages of a group too); the channel header's buttons are one Tab
// stop (a toolbar, arrows between them) and the list is one, so the composer is at most 5 Tabs from
// the channel list for staff and students; arrow keys move through the messages, Enter reaches a
// message's actions, whose names say which message they act on; axe stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

/** More than the first page of a channel, so scrolling back loads older messages. */
const HISTORY = 70;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The history is written through the API, faster than a person could.
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const general = (page: Page) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /^general/ });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Starts recording what would be announced (text added inside a live region). */
function recordAnnouncements(page: Page): Promise<void> {
  return page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { announced: string[] }).announced = said;
    const live = (from: Element | null): boolean => {
      for (let node = from; node; node = node.parentElement) {
        const setting = node.getAttribute('aria-live');
        if (setting === 'off') return false;
        if (setting === 'polite' || setting === 'assertive') return true;
        if (['log', 'status', 'alert'].includes(node.getAttribute('role') ?? '')) return true;
      }
      return false;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const added =
          record.type === 'characterData' ? [record.target] : [...record.addedNodes.values()];
        for (const node of added) {
          const text = node.textContent?.trim() ?? '';
          const element = node instanceof Element ? node : node.parentElement;
          if (text !== '' && live(element)) said.push(text);
        }
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const announced = (page: Page) =>
  page.evaluate(() => (window as unknown as { announced: string[] }).announced);

/** The focused element: its role and name, and the message it is in. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${name}`;
  });

/** Shift+Tab until the focused element matches `pattern` (at most 10 presses). */
async function tabBackTo(page: Page, pattern: RegExp): Promise<void> {
  for (let presses = 0; presses < 10 && !pattern.test(await focused(page)); presses += 1)
    await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toMatch(pattern);
}

describe('the message list with a screen reader and the keyboard', () => {
  let teacher: Person;
  let student: Person;
  let studentApi: Awaited<ReturnType<typeof apiAs>>;
  let classId: string;
  let channelId: string;
  const send = (body: string) =>
    studentApi.trpc.messages.send.mutate({
      id: makeRecordId('msg', student.uid),
      class_id: classId,
      channel_id: channelId,
      body,
    });

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Curie, Marie', 'marie@example.edu');
    student = await signUpPerson(browser, server, 'Alan Turing', 'alan@example.edu');
    classId = await classWithStudents(server, teacher, 'Physics 101', [student]);
    studentApi = await apiAs(server, student);
    const page = teacher.page;
    await page.goto(`${server.url}/classes/${classId}`);
    await general(page).click();
    await log(page).waitFor();
    channelId = new URL(page.url()).searchParams.get('channel') ?? '';
    expect(channelId).not.toBe('');
    for (let n = 1; n <= HISTORY; n += 1) await send(`History ${n}`);
    // The channel closed again: it is opened below, with the history already there.
    await page.goto(`${server.url}/classes/${classId}`);
    await general(page).waitFor();
  });

  afterAll(async () => {
    await studentApi?.close();
    await teacher?.context.close();
    await student?.context.close();
  });

  it('announces only new messages of others, once, with the author', async () => {
    const page = teacher.page;
    await recordAnnouncements(page);

    // Opening the channel: its messages are not read out.
    await general(page).click();
    await log(page).getByText(`History ${HISTORY}`, { exact: true }).waitFor();

    // A new message from someone else: once, with its author. (Shown means anything opening the
    // channel would have announced came before it.)
    await send('Has anyone read chapter 3?');
    await log(page).getByText('Has anyone read chapter 3?').waitFor();
    await expect.poll(() => announced(page)).toEqual(['Alan Turing: Has anyone read chapter 3?']);

    // Scrolling back to the start loads older pages; a reaction changes a message: neither is read.
    // (Scrolled at once after the list followed the new message, the list can be pulled back down
    // to it: react-virtuoso retries that scroll while the rows it renders are measured. So each try
    // checks, two frames on, that the list stayed at the top with the first message there.)
    await expect
      .poll(
        async () => {
          await log(page).evaluate((scroller) => scroller.scrollTo({ top: 0 }));
          await page.waitForFunction(
            () => !document.querySelector('[role="log"] [aria-label="Loading older messages"]'),
          );
          return log(page).evaluate(
            (scroller) =>
              new Promise<boolean>((resolve) =>
                requestAnimationFrame(() =>
                  requestAnimationFrame(() =>
                    resolve(
                      scroller.scrollTop === 0 &&
                        [...scroller.querySelectorAll('[role="article"]')].some(
                          (article) => article.textContent === 'History 1',
                        ),
                    ),
                  ),
                ),
              ),
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const first = await log(page)
      .locator('[role="article"]', { hasText: /^History 1$/ })
      .getAttribute('data-message-id');
    await studentApi.trpc.messages.react.mutate({ id: first ?? '', emoji: '👍', on: true });
    await log(page).getByRole('button', { name: /👍/ }).waitFor();
    await send('And chapter 4?');
    await expect
      .poll(() => announced(page))
      .toEqual(['Alan Turing: Has anyone read chapter 3?', 'Alan Turing: And chapter 4?']);
  });

  it('names every message by its author and time, and each day', async () => {
    const page = teacher.page;
    const names = await log(page)
      .getByRole('article')
      .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(5);
    // Follow-on messages of Alan's group (no name shown on them) are named too.
    for (const name of names) expect(name).toMatch(/^Alan Turing, \d{1,2}:\d{2}\s?[AP]M$/);
    await log(page)
      .getByRole('separator', { name: /^Today, \w+day, / })
      .first()
      .waitFor();
  });

  it('is one Tab stop from the channel list to the composer, with arrow keys inside', async () => {
    const page = teacher.page;
    // From the channel list (the open channel), Tab by Tab to the composer, for the teacher (five
    // staff buttons in the header) and for the student: at most 5 presses. The header's buttons are
    // one stop (a toolbar), the list is one stop, a message (in view), however many messages show;
    // none of their controls is a stop.
    const fromChannelList = async (on: Page) => {
      await on.keyboard.press('Shift');
      await general(on).focus();
    };
    const tabToComposer = async (on: Page) => {
      await fromChannelList(on);
      const stops: string[] = [];
      while (!(await composer(on).evaluate((el) => el === document.activeElement))) {
        await on.keyboard.press('Tab');
        stops.push(await focused(on));
        if (stops.length > 15) break;
      }
      return stops;
    };
    const studentPage = student.page;
    await studentPage.goto(`${server.url}/classes/${classId}`);
    await general(studentPage).click();
    // (A student who never read it opens it at its first unread message.)
    await log(studentPage).getByRole('article').first().waitFor();
    // The header's buttons are there (they follow the first messages), the staff's loaded.
    await page
      .getByRole('toolbar', { name: 'Channel tools' })
      .getByRole('button', { name: 'Cold-call' })
      .waitFor();
    await studentPage
      .getByRole('toolbar', { name: 'Channel tools' })
      .getByRole('button', { name: 'Members' })
      .waitFor();
    // The teacher's list was left scrolled back, with a message come in below (above): "New
    // messages", a stop of its own while shown, takes it to the newest, as a channel opens.
    const newBelow = page.getByRole('button', { name: 'New messages' });
    await newBelow.click();
    await newBelow.waitFor({ state: 'detached' });
    const paths = { teacher: await tabToComposer(page), student: await tabToComposer(studentPage) };
    for (const [who, stops] of Object.entries(paths)) {
      expect(stops.length, `${who}:\n${stops.join('\n')}`).toBeLessThanOrEqual(5);
      const inList = stops.filter((stop) => stop.startsWith('article '));
      expect(inList, stops.join('\n')).toHaveLength(1);
      expect(inList[0]).toMatch(/^article Alan Turing, /);
      expect(stops.filter((stop) => /Add reaction|Message actions/.test(stop))).toEqual([]);
    }
    // The teacher's header: one stop, the toolbar's first button.
    expect(
      paths.teacher.filter((stop) =>
        /^button (New poll|Cold-call|Notifications|Members|Channel settings)$/.test(stop),
      ),
    ).toEqual(['button New poll']);

    // In the toolbar, arrows move between its buttons; the one left last is its stop next time,
    // and a menu it opens gives the focus back to it.
    await tabBackTo(page, /^button New poll$/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toBe('button Cold-call');
    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toBe('button Channel settings');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toBe('button New poll');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focused(page)).toBe('button Notifications');
    await page.keyboard.press('Enter');
    const levels = page.getByRole('menu', { name: 'Notify me about' });
    await levels.waitFor();
    await page.keyboard.press('Escape');
    await levels.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button Notifications');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).not.toMatch(/^button /);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe('button Notifications');

    // With the channel's first stop, "Skip to composer": two key presses, Tab and Enter.
    await fromChannelList(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^textarea /);
    // Back to the end of the path above: the last stop before the composer.
    await tabBackTo(page, /^article /);

    // Back in the list: a message in view; Up moves to the one before; Enter to its first action.
    const article = log(page).locator('[role="article"]:focus');
    await article.waitFor();
    const inView = await article.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const view = (el.closest('[role="log"]') as HTMLElement).getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    expect(inView).toBe(true);
    const before = await article.getAttribute('data-message-id');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => article.getAttribute('data-message-id')).not.toBe(before);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page))
      .toMatch(/^button Add reaction to Alan Turing's message at \d{1,2}:\d{2}\s?[AP]M$/);
    // The actions still work: the picker opens; Escape closes it, Escape again back to the message.
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Reactions' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Reactions' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toMatch(/^article Alan Turing, /);

    expect(describeViolations(await axeViolations(page))).toEqual([]);
  });
});
