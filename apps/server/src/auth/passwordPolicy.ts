// Docs: docs/accounts.md#password-policy — at least 8 characters, at most 128, not a common password.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@seminar/shared';
import { serverRoot } from '../paths';

/**
 * The 5,000 most common passwords of 8 or more characters, lower-cased, from the MIT-licensed
 * @zxcvbn-ts/language-common list (shorter ones fail the length rule anyway).
 */
const commonPasswords = new Set(
  parseList(readFileSync(join(serverRoot, 'src/auth/common-passwords.txt'), 'utf8')),
);

function parseList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Why a password breaks the policy, or null when it is fine. */
export function passwordProblem(password: string): 'too-short' | 'too-long' | 'too-common' | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  if (commonPasswords.has(password.toLowerCase())) return 'too-common';
  return null;
}

/** How many common passwords are shipped (the policy promises at least 1,000). */
export const commonPasswordCount = commonPasswords.size;
