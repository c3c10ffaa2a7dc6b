// Docs: DESIGN §2–4. Building blocks for the entity schemas. On the wire every timestamp is epoch
// milliseconds (a number, server-stamped, time-zone free); calendar dates (start, end and due dates)
// are 'YYYY-MM-DD' text because they name a day, not an instant.
import { z } from 'zod';
import { textSchema } from './text';
import { TAG_LIST_MAX_ITEMS } from '../constants';
import { documentIdSchema } from './documentId';

/** An instant as whole epoch milliseconds (e.g. created_at, updated_at). */
export const timestampSchema = z
  .int({ error: 'A timestamp must be whole epoch milliseconds' })
  .min(0, { error: 'A timestamp must be whole epoch milliseconds' });

/** A real calendar day as 'YYYY-MM-DD' (2026-02-30 is rejected). */
export const calendarDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/** A stored calendar date that may be unset; missing means null. */
export const storedDateSchema = calendarDateSchema.nullable().default(null);

/**
 * A calendar date from a form: '' (what an empty date input gives), undefined and null all mean
 * "no date" and become null.
 */
export const dateInputSchema = z
  .preprocess((value) => (value === '' ? null : value), calendarDateSchema.nullable())
  .default(null);

/** A user id (a document id). */
export const uidSchema = documentIdSchema;

/**
 * The audit fields every update writes (SPEC §4): when, by whom (uid) and that user's display
 * name. Null until the first update.
 */
export const auditFields = {
  updated_at: timestampSchema.nullable().default(null),
  updated_by: uidSchema.nullable().default(null),
  updated_by_name: textSchema().nullable().default(null),
};

/** A stored list of labels (disciplines, categories); missing means empty. */
export const storedTagListSchema = z.array(textSchema()).default(() => []);

/**
 * A list of labels from a form: each trimmed and non-blank, at most TAG_LIST_MAX_ITEMS, duplicates
 * dropped (first one kept) so the stored list is clean.
 */
export const tagListInputSchema = z
  .array(
    textSchema()
      .trim()
      .min(1, { error: "A label can't be blank" })
      .max(100, { error: 'A label can be at most 100 characters' }),
  )
  .max(TAG_LIST_MAX_ITEMS, { error: `At most ${TAG_LIST_MAX_ITEMS} labels` })
  .default(() => [])
  .transform((tags) => [...new Set(tags)]);

/**
 * True unless both dates are set and `end` is before `start`. 'YYYY-MM-DD' strings compare
 * correctly as text, so no Date parsing (and no time-zone trap) is needed.
 */
export function datesInOrder(
  start: string | null | undefined,
  end: string | null | undefined,
): boolean {
  return !start || !end || end >= start;
}

/**
 * Options for an object-level `.refine` that checks two calendar dates are in order, reporting on
 * the end date's path. It runs even when other fields failed, so a form shows every problem at
 * once, but only when the value is an object whose two dates parsed.
 */
export function dateOrderOptions(startKey: string, endKey: string, message: string) {
  return {
    path: [endKey],
    error: message,
    when: (payload: z.core.ParsePayload): boolean =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => {
        const key = issue.path?.[0];
        return key === undefined || key === startKey || key === endKey;
      }),
  };
}
