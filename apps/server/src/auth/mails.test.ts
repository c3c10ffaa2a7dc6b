import { describe, expect, it } from 'vitest';
import { resetCodeLink, resetCodeMail } from './mails';

describe('the reset code mail', () => {
  // Issue 33: it named a page with no address, which could only send a new code (replacing this one).
  it('links to the code step for its address', () => {
    const mail = resetCodeMail({
      to: 'ada+seminar@example.edu',
      code: '123456',
      appName: 'Seminar',
      publicUrl: 'https://seminar.example.edu',
    });
    const link = resetCodeLink('https://seminar.example.edu', 'ada+seminar@example.edu');
    expect(link).toBe(
      'https://seminar.example.edu/forgot-password?email=ada%2Bseminar%40example.edu&step=code',
    );
    expect(mail.text).toContain(`Enter it here, with your new password: ${link}`);
    const params = new URL(link).searchParams;
    expect(params.get('email')).toBe('ada+seminar@example.edu');
    expect(params.get('step')).toBe('code');
  });
});
