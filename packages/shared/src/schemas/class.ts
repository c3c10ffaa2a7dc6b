// Docs: SPEC §3 "Class" (stored at classes/{class_id}) and §2 (a pending class cannot be selected).
import { z } from 'zod';
import { textSchema } from './text';
import { roleSchema } from './role';
import {
  auditFields,
  storedDateSchema,
  storedTagListSchema,
  timestampSchema,
  uidSchema,
} from './common';
import { documentIdSchema } from './documentId';

/**
 * A class as the server sends it. my_role is the viewer's role in the class (absent where no
 * viewer is involved, e.g. server-side reads). Text fields default to '', lists to [], dates to
 * null and the pending flags to false, so older or partial rows still parse.
 */
export const classSchema = z.object({
  class_id: documentIdSchema,
  name: textSchema(),
  is_public: z.boolean().default(false),
  is_demo: z.boolean().default(false),
  enabled: z.boolean(),
  deleted: z.boolean(),
  course_code: textSchema().default(''),
  course_term: textSchema().default(''),
  course_name: textSchema().default(''),
  course_description: textSchema().default(''),
  course_disciplines: storedTagListSchema,
  course_categories: storedTagListSchema,
  start_date: storedDateSchema,
  end_date: storedDateSchema,
  /** True while a class request waits for the server (SPEC §4 "pending_created"). */
  pending_enabled: z.boolean().default(false),
  /** True once deletion was asked for and until the server applies it. */
  pending_deleted: z.boolean().default(false),
  created_at: timestampSchema,
  created_by: uidSchema,
  /** Docs: docs/classes.md#archive — when staff archived it (read-only for everyone); null if not. */
  archived_at: timestampSchema.nullable().default(null),
  ...auditFields,
  my_role:
    roleSchema.optional() /** The live version (DESIGN §4): a later write of the same row has a higher one. */,
  version: z.int().min(0).default(0),
});

/** A class (SPEC §3). */
export type Class = z.infer<typeof classSchema>;

/** `classes.setArchived`: archive a class at the end of term, or unarchive it (docs/classes.md#archive). */
export const classArchiveInputSchema = z.object({
  class_id: documentIdSchema,
  archived: z.boolean({ error: 'Say whether the class is archived (true or false).' }),
});

export type ClassArchiveInput = z.infer<typeof classArchiveInputSchema>;
