// Docs: docs/accounts.md#e-mail — the words of the mails the server sends.
import { RESET_CODE_TTL_MS } from '@seminar/shared';
import type { Mail } from '../mail/mailer';

/**
 * The link in the reset mail: the Forgot password page at its "enter the code" step for this
 * address (asking for a code there again would replace the one in hand).
 */
export function resetCodeLink(publicUrl: string, email: string): string {
  return `${publicUrl}/forgot-password?${new URLSearchParams({ email, step: 'code' }).toString()}`;
}

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
      `It works once, for ${minutes} minutes. Enter it here, with your new password: ${resetCodeLink(input.publicUrl, input.to)}`,
      '',
      'If this was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * The e-mail verification code mail, sent at sign-up and on "Send a new code". Until the code is
 * entered the account claims no invitation and joins no team channel (docs/accounts.md#verification).
 */
export function verificationCodeMail(input: {
  to: string;
  code: string;
  appName: string;
  publicUrl: string;
}): Mail {
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  return {
    to: input.to,
    subject: `${input.code} is your ${input.appName} verification code`,
    text: [
      `Someone signed up to ${input.appName} with this address.`,
      '',
      `Your code: ${input.code}`,
      '',
      `It works once, for ${minutes} minutes. Enter it on the "Verify your e-mail" step after signing in: ${input.publicUrl}/`,
      '',
      'If this was not you, ignore this mail: nobody gets your invitations without this code.',
    ].join('\n'),
  };
}
