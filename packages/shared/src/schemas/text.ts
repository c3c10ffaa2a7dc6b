// Docs: docs/ARCHITECTURE.md#validation — the zod schema of text fields (the rule is ../text.ts).
import { z } from 'zod';
import { personNameProblem, PERSON_NAME_TYPE_MESSAGE } from '../names';
import { textProblem } from '../text';

/**
 * zod schema for any text field: `z.string(params)` that refuses what the database cannot store
 * (see {@link textProblem}). Chain `.trim()`, `.min()`, `.max()` as on `z.string()`.
 */
export function textSchema(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * zod schema of a person's name (the rule is personNameProblem in ../names.ts): trimmed, 1 to
 * PERSON_NAME_MAX_LENGTH characters, no control characters. `optional`: '' is allowed (an
 * invitation's name from a CSV without one), and a missing name reads as ''.
 */
export function personNameSchema(options: { optional?: boolean } = {}) {
  return z
    .string({ error: PERSON_NAME_TYPE_MESSAGE })
    .superRefine((value, ctx) => {
      const problem = personNameProblem(value, options.optional === true);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim());
}
