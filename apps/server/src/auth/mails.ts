// Docs: docs/accounts.md#e-mail — the words of the mails the server sends.
import { RESET_CODE_TTL_MS } from '@seminar/shared';
import type { Mail } from '../mail/mailer';

/** The password reset code mail. The code is in the subject too, so it shows in notifications. */
export function resetCodeMail(input: {
  to: string;
  code: string;
  appName: string;
  publicUrl: string;
}): Mail {
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  return {
    to: input.to,
    subject: `${input.code} is your ${input.appName} reset code`,
    text: [
      `Someone asked to reset the password of your ${input.appName} account.`,
      '',
      `Your code: ${input.code}`,
      '',
      `It works once, for ${minutes} minutes. Enter it on the Forgot password page: ${input.publicUrl}/forgot-password`,
      '',
      'If this was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}
