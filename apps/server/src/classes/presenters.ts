// Docs: docs/classes.md — rows → wire shapes (SPEC field names, epoch-ms timestamps).
import type { Class, Role, RosterEntry } from '@seminar/shared';
import type { classes, classInvitations, classMemberships } from '../db/schema';

type ClassRow = typeof classes.$inferSelect;
type MembershipRow = typeof classMemberships.$inferSelect;
type InvitationRow = typeof classInvitations.$inferSelect;

const ms = (date: Date | null) => (date ? date.getTime() : null);

/** A class as the viewer sees it; `myRole` is SPEC's my_role. */
export function presentClass(row: ClassRow, myRole?: Role | null): Class {
  return {
    class_id: row.class_id,
    name: row.name,
    is_public: row.is_public,
    is_demo: row.is_demo,
    enabled: row.enabled,
    deleted: row.deleted,
    course_code: row.course_code,
    course_term: row.course_term,
    course_name: row.course_name,
    course_description: row.course_description,
    course_disciplines: row.course_disciplines,
    course_categories: row.course_categories,
    start_date: row.start_date,
    end_date: row.end_date,
    pending_enabled: row.pending_enabled,
    pending_deleted: row.pending_deleted,
    created_at: row.created_at.getTime(),
    created_by: row.created_by ?? '',
    archived_at: ms(row.archived_at),
    updated_at: ms(row.updated_at),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    ...(myRole ? { my_role: myRole } : {}),
    version: row.version,
  };
}

/** The roster id of a membership. */
export const memberEntryId = (role: string, uid: string) => `${role}:${uid}`;
/** The roster id of an invitation. */
export const inviteEntryId = (role: string, email: string) => `invite:${role}:${email}`;

/** A membership line, with the member's name and e-mail from their account. */
export function presentMember(
  row: MembershipRow,
  user: { name: string; email: string } | null,
): RosterEntry {
  return {
    id: memberEntryId(row.role, row.uid),
    class_id: row.class_id,
    uid: row.uid,
    role: row.role as Role,
    name: user?.name ?? '',
    email: user?.email ?? null,
    enabled: row.enabled,
    deleted: row.deleted,
    pending_deleted: row.pending_deleted,
    invited: false,
    updated_at: ms(row.updated_at),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}

/** An invitation line: an e-mail without an account yet. */
export function presentInvitation(row: InvitationRow): RosterEntry {
  return {
    id: inviteEntryId(row.role, row.email),
    class_id: row.class_id,
    uid: null,
    role: row.role as Role,
    name: row.name,
    email: row.email,
    enabled: true,
    deleted: row.deleted,
    pending_deleted: false,
    invited: true,
    updated_at: ms(row.updated_at),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}
