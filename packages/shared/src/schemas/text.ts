// Docs: docs/ARCHITECTURE.md#validation — the zod schema of text fields (the rule is ../text.ts).
import { z } from 'zod';
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
