// Docs: SPEC §3 "Pending class request" (collection pending_classes) and §4 "Class creation".
import { z } from 'zod';
import { textSchema } from './text';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../constants';
import { documentIdSchema } from './documentId';
import {
  dateInputSchema,
  dateOrderOptions,
  datesInOrder,
  storedDateSchema,
  storedTagListSchema,
  tagListInputSchema,
  uidSchema,
} from './common';

/** The message shown under the end date when it is before the start date. */
export const END_BEFORE_START_MESSAGE = "End date can't be before the start date";

/** A stored pending class request (SPEC §3). */
export const pendingClassSchema = z.object({
  pending_class_id: documentIdSchema,
  name: textSchema(),
  course_code: textSchema().default(''),
  course_term: textSchema().default(''),
  course_name: textSchema().default(''),
  course_description: textSchema().default(''),
  course_disciplines: storedTagListSchema,
  course_categories: storedTagListSchema,
  start_date: storedDateSchema,
  end_date: storedDateSchema,
  is_public: z.boolean().default(false),
  created_by: uidSchema,
});

/** A pending class request (SPEC §3). */
export type PendingClass = z.infer<typeof pendingClassSchema>;

const shortText = (label: string) =>
  textSchema()
    .trim()
    .max(SHORT_TEXT_MAX_LENGTH, {
      error: `${label} can be at most ${SHORT_TEXT_MAX_LENGTH} characters`,
    })
    .default('');

// The fields of the class request form, without the cross-field date rule (zod cannot .extend or
// .omit an object once it carries a refinement, so the rule is added per schema below).
const formFields = z.object({
  name: textSchema({ error: 'Enter a class name' })
    .trim()
    .min(1, { error: 'Enter a class name' })
    .max(NAME_MAX_LENGTH, { error: `A class name can be at most ${NAME_MAX_LENGTH} characters` }),
  course_code: shortText('A course code'),
  course_term: shortText('A course term'),
  course_name: shortText('A course name'),
  course_description: textSchema()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, {
      error: `A description can be at most ${DESCRIPTION_MAX_LENGTH} characters`,
    })
    .default(''),
  course_disciplines: tagListInputSchema,
  course_categories: tagListInputSchema,
  start_date: dateInputSchema,
  end_date: dateInputSchema,
  is_public: z.boolean().default(false),
});

const dateOrder = dateOrderOptions('start_date', 'end_date', END_BEFORE_START_MESSAGE);

/**
 * The class request form: name required (trimmed, 1–200 characters), other texts trimmed,
 * labels cleaned, empty dates become null, and the end date may not be before the start date
 * (error on `end_date`). created_by is not here: the server takes it from the session.
 */
export const pendingClassFormSchema = formFields.refine(
  (v) => datesInOrder(v.start_date, v.end_date),
  dateOrder,
);

/** What the client sends to request a class: the form plus the client-made id (DESIGN §2). */
export const pendingClassInputSchema = formFields
  .extend({ pending_class_id: documentIdSchema })
  .refine((v) => datesInOrder(v.start_date, v.end_date), dateOrder);

/** The class request form's parsed values. */
export type PendingClassForm = z.infer<typeof pendingClassFormSchema>;
/** A parsed class request from the client. */
export type PendingClassInput = z.infer<typeof pendingClassInputSchema>;
