// Journey: files on messages in real Chromium — a teacher attaches an image with "Attach file", a PDF
// by dropping it on the channel and another image by pasting it, sends them without text; a student
// sees the image previews and downloads each file, byte for byte the same.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;

// A real 2×2 PNG (so the preview decodes) and a small PDF with bytes of every value.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\n%%EOF\n'),
]);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Franklin, Rosalind', 'rosalind@example.edu');
  student = await signUpPerson(browser, server, 'Crick, Francis', 'francis@example.edu');
  classId = await classWithStudents(server, teacher, 'Crystallography', [student]);
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

async function openGeneral(page: Page) {
  await page.goto(`${server.url}/classes/${classId}`);
  await page
    .getByRole('list', { name: 'Channels' })
    .getByRole('button', { name: /^general/ })
    .click();
  await page.getByRole('log', { name: 'Messages' }).waitFor();
}

/** Hands `bytes` to the page as a File inside a DataTransfer, for a drop or a paste. */
async function dataTransfer(page: Page, name: string, type: string, bytes: Buffer) {
  return page.evaluateHandle(
    ({ name, type, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { name, type, data: [...bytes] },
  );
}

describe('attachments', () => {
  it('attaches an image and a PDF, and another person downloads them intact', async () => {
    const page = teacher.page;
    await openGeneral(page);

    // The button.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles({ name: 'diffraction.png', mimeType: 'image/png', buffer: PNG });

    // A drop on the channel.
    const channel = page.getByRole('region', { name: /^Channel general/ });
    const dropped = await dataTransfer(page, 'photo 51 notes.pdf', 'application/pdf', PDF);
    await channel.dispatchEvent('dragover', { dataTransfer: dropped });
    await channel.dispatchEvent('drop', { dataTransfer: dropped });

    // A paste into the message box.
    const pasted = await dataTransfer(page, 'pasted.png', 'image/png', PNG);
    await page.getByRole('textbox', { name: 'Message' }).evaluate((box, transfer) => {
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, pasted);

    const attached = page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
    await expect.poll(() => attached.count()).toBe(3);
    await expect
      .poll(() => attached.filter({ hasText: 'Ready to send' }).count(), { timeout: 15_000 })
      .toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => attached.count()).toBe(0);

    // The other person: previews of the images, and a download of each file.
    await openGeneral(student.page);
    const log = student.page.getByRole('log', { name: 'Messages' });
    const preview = log.getByRole('img', { name: 'diffraction.png' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    expect(await axeViolations(student.page)).toEqual([]);
    for (const [name, bytes] of [
      ['diffraction.png', PNG],
      ['photo 51 notes.pdf', PDF],
      ['pasted.png', PNG],
    ] as const) {
      const download = student.page.waitForEvent('download');
      await log.getByRole('link', { name: `Download ${name}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      const got = await readFile((await file.path())!);
      expect(got.equals(bytes)).toBe(true);
    }
  });
});
