// The e-mail verification step of a new account (docs/accounts.md#verification): the code is read
// from the test's SMTP listener when the server has one, else from the development outbox, which
// answers this machine (the tests run on the server's machine).
import type { Page } from 'playwright-core';
import { codeFrom, type TestSmtp } from '../../apps/server/test/smtp';

/** The newest verification code mailed to `email`. */
export async function mailedVerificationCode(
  serverUrl: string,
  email: string,
  smtp?: TestSmtp,
): Promise<string> {
  if (smtp) return codeFrom(await smtp.nextMailTo(email, undefined, 'verification code'));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${serverUrl}/dev/outbox.json`);
    if (!response.ok)
      throw new Error(`no development outbox (${response.status}): pass the SMTP listener`);
    const mails = (await response.json()) as Array<{ to: string; subject: string }>;
    const mail = mails
      .filter((entry) => entry.to === email && entry.subject.includes('verification code'))
      .at(-1);
    if (mail) return codeFrom({ to: [mail.to], subject: mail.subject, raw: '' });
    if (Date.now() > deadline) throw new Error(`no verification code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Verifies a signed-up address over HTTP with its mailed code (for accounts a test only needs). */
export async function verifyOverHttp(
  serverUrl: string,
  email: string,
  smtp?: TestSmtp,
): Promise<void> {
  const otp = await mailedVerificationCode(serverUrl, email, smtp);
  const response = await fetch(`${serverUrl}/api/auth/email-otp/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ email, otp }),
  });
  if (!response.ok) throw new Error(`verification of ${email} failed: ${response.status}`);
}

/** On the "Verify your e-mail" step: enters the mailed code and waits for the app. */
export async function verifyInPage(
  page: Page,
  serverUrl: string,
  email: string,
  smtp?: TestSmtp,
): Promise<void> {
  await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
  await page.getByLabel('Code').fill(await mailedVerificationCode(serverUrl, email, smtp));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor({ state: 'detached' });
}
