// Docs: docs/classes.md#roster — the write path of memberships and invitations.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  LAST_INSTRUCTOR_MESSAGE,
  memberAction,
  normalizeEmail,
  type MemberVerb,
  type MembersAddInput,
  type Role,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classes, classInvitations, classMemberships, users } from '../db/schema';
import { auditFields, nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';

import { hasOtherActiveInstructor } from './access';
import { announceInvitation, announceMembership } from './notices';
import { requireAllowed } from './policies';
import { forbidden, notFound } from '../errors';

/** Identifies one membership record (SPEC: class_students / class_instructors / class_admins). */
export interface MembershipRef {
  class_id: string;
  uid: string;
  role: Role;
}

/**
 * Refuses anyone whose role may not `verb` people holding `role` in the class (`can`, packages/shared:
 * class admins manage students only): NOT_FOUND for non-members, FORBIDDEN for the rest.
 */
export async function requireMemberManager(
  db: Db,
  viewer: SessionUser,
  classId: string,
  verb: MemberVerb,
  role: Role,
): Promise<void> {
  await requireAllowed(db, viewer, classId, memberAction(verb, role));
}

/**
 * Refuses (FORBIDDEN) a removal or disabling that would leave the class without an enabled
 * instructor. The class row is locked first, so two instructors removing each other at once are
 * decided one after the other and the second is refused.
 */
async function requireAnotherInstructor(tx: Tx, ref: MembershipRef): Promise<void> {
  if (ref.role !== 'instructor') return;
  await tx
    .select({ id: classes.class_id })
    .from(classes)
    .where(eq(classes.class_id, ref.class_id))
    .for('update');
  if (!(await hasOtherActiveInstructor(tx, ref.class_id, ref.uid)))
    throw forbidden(LAST_INSTRUCTOR_MESSAGE);
}

/** What adding people did, per e-mail. */
export interface MembersAddResult {
  added: string[];
  invited: string[];
  already: string[];
}

/**
 * Adds people by e-mail: an account whose address is verified becomes a member at once (a removed
 * one comes back); any other e-mail — no account yet, or an account that has not proved the address
 * is theirs — an invitation that becomes membership when that address is verified.
 */
export async function classMembersAdder(
  db: Db,
  viewer: SessionUser,
  input: MembersAddInput,
): Promise<MembersAddResult> {
  await requireMemberManager(db, viewer, input.class_id, 'add', input.role);
  const people = new Map(input.people.map((person) => [normalizeEmail(person.email), person.name]));
  const result: MembersAddResult = { added: [], invited: [], already: [] };
  await runCommand(db, async ({ tx, announce }) => {
    const accounts = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.email, [...people.keys()]), eq(users.emailVerified, true)));
    const byEmail = new Map(accounts.map((account) => [account.email, account.id]));
    for (const [email, name] of people) {
      const uid = byEmail.get(email);
      if (!uid) {
        await tx
          .insert(classInvitations)
          .values({
            class_id: input.class_id,
            email,
            role: input.role,
            name,
            created_by: viewer.uid,
            ...auditFields(viewer),
            version: nextVersion,
          })
          .onConflictDoUpdate({
            target: [classInvitations.class_id, classInvitations.email, classInvitations.role],
            set: { deleted: false, name, ...auditFields(viewer), version: nextVersion },
          });
        announceInvitation(announce, input.class_id, input.role, email);
        result.invited.push(email);
        continue;
      }
      const [existing] = await tx
        .select()
        .from(classMemberships)
        .where(
          and(
            eq(classMemberships.class_id, input.class_id),
            eq(classMemberships.uid, uid),
            eq(classMemberships.role, input.role),
          ),
        );
      if (existing && !existing.deleted && !existing.pending_deleted) {
        result.already.push(email);
        continue;
      }
      await upsertMembership(tx, announce, {
        classId: input.class_id,
        uid,
        role: input.role,
        actor: viewer,
      });
      result.added.push(email);
    }
  });
  return result;
}

/** Enables or disables a member (a disabled member keeps the record but loses access). */
export async function classMemberEnabledSetter(
  db: Db,
  viewer: SessionUser,
  ref: MembershipRef,
  enabled: boolean,
): Promise<void> {
  await requireMemberManager(db, viewer, ref.class_id, 'setEnabled', ref.role);
  await runCommand(db, async ({ tx, announce }) => {
    if (!enabled) await requireAnotherInstructor(tx, ref);
    const updated = await tx
      .update(classMemberships)
      .set({ enabled, ...auditFields(viewer), version: nextVersion })
      .where(membershipWhere(ref))
      .returning({ uid: classMemberships.uid });
    if (updated.length === 0) throw notFound('Member');
    announceMembership(announce, ref.class_id, ref.role, ref.uid);
  });
}

/**
 * Removes a member: pending_deleted then the soft delete (SPEC §4, DESIGN §2), in one transaction;
 * every live query of that member in the class re-checks its access when it commits.
 */
export async function classMemberRemover(
  db: Db,
  viewer: SessionUser,
  ref: MembershipRef,
): Promise<void> {
  await requireMemberManager(db, viewer, ref.class_id, 'remove', ref.role);
  await runCommand(db, async ({ tx, announce }) => {
    await requireAnotherInstructor(tx, ref);
    const updated = await tx
      .update(classMemberships)
      .set({ pending_deleted: true, deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(membershipWhere(ref))
      .returning({ uid: classMemberships.uid });
    if (updated.length === 0) throw notFound('Member');
    announceMembership(announce, ref.class_id, ref.role, ref.uid);
  });
}

/** Withdraws an invitation. */
export async function invitationRemover(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; email: string; role: Role },
): Promise<void> {
  // Withdrawing an invitation undoes an add: the same rule.
  await requireMemberManager(db, viewer, ref.class_id, 'add', ref.role);
  const email = normalizeEmail(ref.email);
  await runCommand(db, async ({ tx, announce }) => {
    const updated = await tx
      .update(classInvitations)
      .set({ deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(classInvitations.class_id, ref.class_id),
          eq(classInvitations.email, email),
          eq(classInvitations.role, ref.role),
          eq(classInvitations.deleted, false),
        ),
      )
      .returning({ email: classInvitations.email });
    if (updated.length === 0) throw notFound('Invitation');
    announceInvitation(announce, ref.class_id, ref.role, email);
  });
}

/** Turns the invitations of a verified account's e-mail into memberships (run when it is verified). */
export async function invitationsClaimer(
  db: Db,
  user: { id: string; email: string; name: string },
): Promise<number> {
  const email = normalizeEmail(user.email);
  return runCommand(db, async ({ tx, announce }) => {
    const invitations = await tx
      .select({ invitation: classInvitations })
      .from(classInvitations)
      .innerJoin(classes, eq(classes.class_id, classInvitations.class_id))
      .where(
        and(
          eq(classInvitations.email, email),
          eq(classInvitations.deleted, false),
          eq(classes.deleted, false),
          // An archived class takes nobody in (docs/classes.md#archive): the invitation waits.
          isNull(classes.archived_at),
        ),
      );
    for (const { invitation } of invitations) {
      await tx
        .insert(classMemberships)
        .values({
          class_id: invitation.class_id,
          uid: user.id,
          role: invitation.role,
          created_by: invitation.created_by,
          updated_by: invitation.updated_by,
          updated_by_name: invitation.updated_by_name,
          version: nextVersion,
        })
        .onConflictDoNothing();
      await tx
        .update(classInvitations)
        .set({ deleted: true, version: nextVersion })
        .where(
          and(
            eq(classInvitations.class_id, invitation.class_id),
            eq(classInvitations.email, email),
            eq(classInvitations.role, invitation.role),
          ),
        );
      announceInvitation(announce, invitation.class_id, invitation.role, email);
      announceMembership(announce, invitation.class_id, invitation.role, user.id);
    }
    return invitations.length;
  });
}

function membershipWhere(ref: MembershipRef) {
  return and(
    eq(classMemberships.class_id, ref.class_id),
    eq(classMemberships.uid, ref.uid),
    eq(classMemberships.role, ref.role),
    eq(classMemberships.deleted, false),
  );
}

/**
 * Adds a member, or enables and restores one that was disabled or removed, and announces it (the
 * class's add-members command and an LMS launch or roster sync share it).
 */
export async function upsertMembership(
  tx: Tx,
  announce: CommandScope['announce'],
  member: { classId: string; uid: string; role: Role; actor: SessionUser },
): Promise<void> {
  const { classId, uid, role, actor } = member;
  const version = nextVersion;
  await tx
    .insert(classMemberships)
    .values({
      class_id: classId,
      uid,
      role,
      created_by: actor.uid,
      ...auditFields(actor),
      version,
    })
    .onConflictDoUpdate({
      target: [classMemberships.class_id, classMemberships.role, classMemberships.uid],
      set: {
        enabled: true,
        deleted: false,
        pending_deleted: false,
        ...auditFields(actor),
        version,
      },
    });
  announceMembership(announce, classId, role, uid);
}
