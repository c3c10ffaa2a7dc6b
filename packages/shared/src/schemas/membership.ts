// Docs: SPEC §3 "Student, instructor and admin membership profiles" (each keyed by uid; the class id
// comes from the parent class) and §6 (roles come from active membership records).
import { z } from 'zod';
import { personNameSchema, textSchema } from './text';
import { documentIdSchema } from './documentId';
import { emailSchema } from '../email';
import { roleSchema } from './role';
import { auditFields, uidSchema } from './common';

/**
 * Fields shared by student and instructor profiles. `name` ('Last, First' text, see names.ts) and
 * `email` are not in SPEC's list but a member list must show who the member is; they default to
 * '' and null.
 */
const personProfile = {
  uid: uidSchema,
  class_id: documentIdSchema,
  enabled: z.boolean(),
  deleted: z.boolean(),
  pending_deleted: z.boolean().default(false),
  name: textSchema().default(''),
  email: emailSchema.nullable().default(null),
  ...auditFields,
};

/** A student's membership profile in a class (class_students). */
export const studentProfileSchema = z.object(personProfile);
/** A student membership profile. */
export type StudentProfile = z.infer<typeof studentProfileSchema>;

/** An instructor's membership profile in a class (class_instructors). */
export const instructorProfileSchema = z.object(personProfile);
/** An instructor membership profile. */
export type InstructorProfile = z.infer<typeof instructorProfileSchema>;

/**
 * A class admin record (class_admins): uid, deleted and enabled per SPEC, plus class_id so a
 * record read across classes still says which class it grants.
 */
export const adminProfileSchema = z.object({
  uid: uidSchema,
  class_id: documentIdSchema,
  enabled: z.boolean(),
  deleted: z.boolean(),
  ...auditFields,
});
/** A class admin record. */
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/**
 * One line of a class roster as the live roster sends it: a membership (uid set) or an invitation
 * of an e-mail that has no account yet (uid null, `invited` true). `id` is `role:uid` or
 * `invite:role:email`.
 */
export const rosterEntrySchema = z.object({
  id: textSchema(),
  class_id: documentIdSchema,
  uid: uidSchema.nullable(),
  role: roleSchema,
  name: textSchema(),
  email: textSchema().nullable(),
  enabled: z.boolean(),
  deleted: z.boolean(),
  pending_deleted: z.boolean().default(false),
  invited: z.boolean().default(false),
  ...auditFields,
  version: z.int().min(0).default(0),
});
/** A roster line. */
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** What "Add people" sends: e-mails (optionally with names, from a pasted list or a CSV) and a role. */
export const membersAddInputSchema = z.object({
  class_id: documentIdSchema,
  role: roleSchema,
  people: z
    .array(z.object({ email: emailSchema, name: personNameSchema({ optional: true }).default('') }))
    .min(1, { error: 'Add at least one email address' })
    .max(500, { error: 'Add at most 500 people at a time' }),
});
/** A parsed "Add people" request. */
export type MembersAddInput = z.infer<typeof membersAddInputSchema>;
