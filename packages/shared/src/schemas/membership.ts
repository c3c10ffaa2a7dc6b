// Docs: SPEC §3 "Student, instructor and admin membership profiles" (each keyed by uid; the class id
// comes from the parent class) and §6 (roles come from active membership records).
import { z } from 'zod';
import { documentIdSchema } from '../documentId';
import { emailSchema } from '../email';
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
  name: z.string().default(''),
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
