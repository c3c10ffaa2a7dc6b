// Journey (issue 31.5, the class's record): the demo instructor exports the demo class from its
// settings — the zip downloads and its JSON lines parse back to the same counts (the manifest's,
// each channel's messages to its last seq, the roster to the seeded people) — then archives it: My
// classes lists it under "Archived", and the class is read-only (a note instead of the composer).
// The archived list is checked at phone width in dark mode; axe is clean on both screens.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CLASS_ARCHIVED_MESSAGE, classRecordManifestSchema } from '@seminar/shared';
import { readRecord } from '../test-support/zipReader';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_ID = 'class_demo_seminar';

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

async function signedIn(options: { width: number; height: number; dark?: boolean }) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    colorScheme: options.dark ? 'dark' : 'light',
    bypassCSP: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account' }).waitFor();
  return { context, page };
}

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(describeViolations(violations)).toEqual([]);
}

describe("the class's record", () => {
  it('exports the demo class, archives it, and shows it archived and read-only', async () => {
    const { context, page } = await signedIn({ width: 1280, height: 900 });
    await page.goto(`${server.url}/classes/${DEMO_CLASS_ID}/settings`);
    const exportLink = page.getByRole('link', { name: 'Export class' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^Business Analytics \(demo\) record .*\.zip$/);
    const zip = await readFile((await download.path())!);

    const record = readRecord(zip);
    const manifest = classRecordManifestSchema.parse(record.json('manifest.json'));
    expect(manifest.class_id).toBe(DEMO_CLASS_ID);
    for (const [file, count] of Object.entries(manifest.files)) {
      if (file === 'class.json') continue;
      expect(record.lines(file), file).toHaveLength(count);
    }
    expect(record.json('class.json')).toMatchObject({ class_id: DEMO_CLASS_ID, name: DEMO_CLASS });
    // Seq is gap-free per channel: every channel's messages are all there, each once.
    const channels = record.lines('channels.jsonl') as Array<{
      channel_id: string;
      last_seq: number;
    }>;
    const messages = record.lines('messages.jsonl') as Array<{ channel_id: string; seq: number }>;
    expect(channels.length).toBeGreaterThan(1);
    expect(messages.length).toBeGreaterThan(10);
    for (const channel of channels) {
      const seqs = messages
        .filter((message) => message.channel_id === channel.channel_id)
        .map((message) => Number(message.seq));
      expect(seqs, channel.channel_id).toEqual(
        Array.from({ length: Number(channel.last_seq) }, (_, i) => i + 1),
      );
    }
    const roster = record.lines('roster.jsonl') as Array<{ email: string; role: string }>;
    expect(roster).toContainEqual(
      expect.objectContaining({ email: DEMO_INSTRUCTOR, role: 'instructor' }),
    );
    expect(roster.filter((line) => line.role === 'student')).toHaveLength(3);

    // Archive, confirmed.
    await page.getByRole('button', { name: 'Archive class' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive class?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Unarchive class' }).waitFor();

    // The chat is read-only: the note, and no way to write.
    await page.goto(`${server.url}/classes/${DEMO_CLASS_ID}?channel=channel_demo_general`);
    await page.getByRole('alert').filter({ hasText: CLASS_ARCHIVED_MESSAGE }).waitFor();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    expect(await composer.isDisabled()).toBe(true);
    // Nor a way to react, edit or delete: the messages only show.
    const log = page.getByRole('log', { name: 'Messages' });
    await log.locator('[data-message-id]').first().waitFor();
    expect(await log.getByRole('button', { name: /^(Add reaction|Message actions)/ }).count()).toBe(
      0,
    );
    await expectNoViolations(page);

    // My classes: under "Archived", not in the current list.
    await page.goto(`${server.url}/`);
    const archived = page.getByRole('list', { name: 'Archived' });
    await archived.getByRole('article', { name: DEMO_CLASS }).waitFor();
    expect(await page.getByRole('list', { name: 'My classes' }).count()).toBe(0);
    await expectNoViolations(page);
    await context.close();

    // A phone in dark mode sees the same.
    const phone = await signedIn({ width: 360, height: 640, dark: true });
    await phone.page.goto(`${server.url}/`);
    await phone.page
      .getByRole('list', { name: 'Archived' })
      .getByRole('article', { name: DEMO_CLASS })
      .waitFor();
    await expectNoViolations(phone.page);
    await phone.context.close();
  });
});
