// Docs: SPEC §3 "Document ids" — the zod schema of a document id (the rule is ../documentId.ts).
import { z } from 'zod';
import { documentIdProblem } from '../documentId';

/** zod schema for a document identifier; a failure carries the rule it broke as its message. */
export const documentIdSchema = z.string({ error: 'An id must be text' }).superRefine((id, ctx) => {
  const problem = documentIdProblem(id);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
