// Docs: SPEC §5 "E-mail" — the e-mail field's zod schema; the rules themselves are in emailAddress.ts.
import { z } from 'zod';
import { EMAIL_ERROR_MESSAGE, EMAIL_PATTERN } from './emailAddress';

/** zod's standard e-mail check, with the one message. */
const standardEmail = z.email({ error: EMAIL_ERROR_MESSAGE, pattern: EMAIL_PATTERN });

/**
 * zod schema for an e-mail field: trims and lower-cases, then validates. Its output is the
 * normalized address; every failure (including non-text input) reads "Enter a valid email address".
 */
export const emailSchema = z
  .string({ error: EMAIL_ERROR_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(standardEmail);
