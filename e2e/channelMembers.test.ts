// Issue 16 "who is in a channel": each channel's members panel, opened from the channel header by
// keyboard, lists its members with online dots (names only for students); an instructor adds and
// removes members there and everyone's panel follows live; removing a non-member is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs as apiAsPerson, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

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

const channelButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });

/** Opens the channel, then its members panel from the header's "Members" button by keyboard. */
async function openMembers(page: Page, classId: string, channel: string) {
  await page.goto(`${server.url}/classes/${classId}`);
  await channelButton(page, new RegExp(`^${channel}`)).click();
  await page.getByRole('log', { name: 'Messages' }).waitFor();
  const button = page.getByRole('region', { name: `Channel ${channel}` }).getByRole('button', {
    name: 'Members',
  });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: `Members of ${channel}` });
  await panel.waitFor();
  return panel;
}

const memberList = (panel: ReturnType<Page['getByRole']>, channel: string) =>
  panel.getByRole('list', { name: `Members of ${channel}` });
const memberNames = async (panel: ReturnType<Page['getByRole']>, channel: string) =>
  (await memberList(panel, channel).getByRole('listitem').allInnerTexts()).map((text) =>
    text.split('\n')[0]!.trim(),
  );

describe('who is in a channel', () => {
  let teacher: Person;
  let alan: Person;
  let barbara: Person;
  let classId: string;
  let channelId: string;

  beforeAll(async () => {
    teacher = await signUp('Hopper, Grace', 'grace@example.edu');
    alan = await signUp('Turing, Alan', 'alan@example.edu');
    barbara = await signUp('Liskov, Barbara', 'barbara@example.edu');
    const api = await apiAs(teacher);
    try {
      classId = makeRecordId('class', teacher.uid);
      await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Compilers 201' });
      await api.trpc.classes.addMembers.mutate({
        class_id: classId,
        role: 'student',
        people: [
          { email: alan.email, name: '' },
          { email: barbara.email, name: '' },
        ],
      });
      channelId = makeRecordId('channel', teacher.uid);
      await api.trpc.channels.create.mutate({
        channel_id: channelId,
        class_id: classId,
        name: 'team-blue',
        is_public: false,
      });
      await api.trpc.channels.setMember.mutate({
        class_id: classId,
        channel_id: channelId,
        uid: alan.uid,
        member: true,
      });
    } finally {
      await api.close();
    }
  });
  afterAll(async () => {
    await Promise.all([teacher, alan, barbara].map((person) => person?.context.close()));
  });

  it('lists a public channel’s members (the class) with online dots', async () => {
    const panel = await openMembers(alan.page, classId, 'general');
    expect(await memberNames(panel, 'general')).toEqual([
      'Alan Turing (you)',
      'Barbara Liskov',
      'Grace Hopper',
    ]);
    const alanRow = memberList(panel, 'general').getByRole('listitem').filter({ hasText: 'Alan' });
    await alanRow.getByRole('img', { name: 'Online' }).waitFor();
    const graceRow = memberList(panel, 'general')
      .getByRole('listitem')
      .filter({ hasText: 'Grace' });
    expect(await graceRow.getByRole('img', { name: 'Offline' }).count()).toBe(1);
    // A student sees names only: no e-mail addresses, no member controls.
    expect(await panel.innerText()).not.toContain('@');
    expect(await panel.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await panel.getByRole('combobox', { name: 'Add member' }).count()).toBe(0);
    expect(await axeViolations(alan.page)).toEqual([]);
    await alan.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('lets an instructor add and remove members of a private channel, live for everyone', async () => {
    const studentPanel = await openMembers(alan.page, classId, 'team-blue');
    const panel = await openMembers(teacher.page, classId, 'team-blue');
    expect(await memberNames(panel, 'team-blue')).toEqual(['Alan Turing']);
    // Alan has the channel open: the instructor sees his dot go green.
    await memberList(panel, 'team-blue')
      .getByRole('listitem')
      .filter({ hasText: 'Alan' })
      .getByRole('img', { name: 'Online' })
      .waitFor();
    // The instructor sees e-mail addresses; the student does not.
    expect(await panel.innerText()).toContain('alan@example.edu');
    expect(await studentPanel.innerText()).not.toContain('@');

    // Add Barbara with the picker: both panels list her at once.
    const picker = panel.getByRole('combobox', { name: 'Add member' });
    await picker.fill('Barb');
    await teacher.page.getByRole('option', { name: /^Barbara Liskov/ }).click();
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await panel.getByText('Barbara Liskov was added to team-blue.').waitFor();
    await expect
      .poll(() => memberNames(studentPanel, 'team-blue'))
      .toEqual(['Alan Turing (you)', 'Barbara Liskov']);
    expect(await axeViolations(teacher.page)).toEqual([]);

    // Remove her again: gone from both panels.
    await panel.getByRole('button', { name: 'Remove Barbara Liskov from team-blue' }).click();
    await panel.getByText('Barbara Liskov was removed from team-blue.').waitFor();
    await expect.poll(() => memberNames(studentPanel, 'team-blue')).toEqual(['Alan Turing (you)']);
    // Each panel follows the live event, which may reach the instructor's page after the student's.
    await expect.poll(() => memberNames(panel, 'team-blue')).toEqual(['Alan Turing']);

    // Removing someone who is not a member says so and changes nothing.
    const api = await apiAs(teacher);
    try {
      await expect(
        api.trpc.channels.setMember.mutate({
          class_id: classId,
          channel_id: channelId,
          uid: barbara.uid,
          member: false,
        }),
      ).rejects.toThrow('Barbara Liskov is not a member of this channel.');
    } finally {
      await api.close();
    }
    expect(await memberNames(panel, 'team-blue')).toEqual(['Alan Turing']);
  });
});
