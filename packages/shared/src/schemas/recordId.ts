// Docs: SPEC §3 "Record identifier helper" — the zod schema of a record id (rules: ../recordId.ts).
import { z } from 'zod';
import { isValidRecordId } from '../recordId';

/** zod schema for a record id made by `makeRecordId` (any prefix). */
export const recordIdSchema = z
  .string({ error: 'A record id must be text' })
  .refine((id) => isValidRecordId(id), { error: 'Not a valid record id' });
