// Docs: docs/classes.md — the write path of classes: requests, edits, deletion, joining.
import { and, eq } from 'drizzle-orm';
import { makeRecordId, type Class, type PendingClassInput } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { channels, classes, classMemberships, pendingClasses } from '../db/schema';
import { ClassArchivedError, notFound, DomainError, idTaken, forbidden } from '../errors';
import { auditFields, nextVersion, runCommand } from '../live/commands';
import { accessSignal } from '../live/signals';

import { classRoleOf } from './access';
import { myClassesTopic } from './live';
import { announceClass, announceMembership } from './notices';
import { requireAllowed } from './policies';
import { presentClass } from './presenters';

/** Fields a class request and a class edit share. */
type ClassFields = Omit<PendingClassInput, 'pending_class_id'>;

/**
 * A class request (SPEC §4): writes the pending_classes row, then turns it into the class with the
 * same id — enabled, the requester its instructor, with a public "general" channel — and marks the
 * request done; a request that cannot become a class is marked rejected with the reason.
 */
export async function classRequester(
  db: Db,
  viewer: SessionUser,
  input: PendingClassInput,
): Promise<Class> {
  const { pending_class_id: classId, ...fields } = input;
  const [already] = await db
    .select()
    .from(pendingClasses)
    .where(eq(pendingClasses.pending_class_id, classId));
  if (already) {
    // A retried request: answer with what the first attempt made.
    if (already.created_by !== viewer.uid) throw idTaken('class');
    if (already.status === 'rejected')
      throw new DomainError({
        code: 'BAD_REQUEST',
        message: already.error ?? 'The class request was rejected.',
      });
    const [row] = await db.select().from(classes).where(eq(classes.class_id, classId));
    if (row) return presentClass(row, 'instructor');
  } else {
    // The request is kept (SPEC §3 pending_classes); nobody watches requests live.
    await runCommand(db, async ({ tx }) => {
      await tx.insert(pendingClasses).values({
        pending_class_id: classId,
        ...fields,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      });
    });
  }
  try {
    return await runCommand(db, async ({ tx, announce }) => {
      const [taken] = await tx
        .select({ id: classes.class_id })
        .from(classes)
        .where(eq(classes.class_id, classId));
      if (taken) throw idTaken('class');
      const [row] = await tx
        .insert(classes)
        .values({
          class_id: classId,
          ...fields,
          enabled: true,
          pending_enabled: false,
          created_by: viewer.uid,
          ...auditFields(viewer),
          version: nextVersion,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await tx.insert(classMemberships).values({
        class_id: classId,
        uid: viewer.uid,
        role: 'instructor',
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      });
      await tx.insert(channels).values({
        channel_id: makeRecordId('channel', viewer.uid),
        class_id: classId,
        name: 'general',
        is_public: true,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      });
      await tx
        .update(pendingClasses)
        .set({ status: 'done', version: nextVersion })
        .where(eq(pendingClasses.pending_class_id, classId));
      announceClass(announce, classId, row.is_public);
      announceMembership(announce, classId, 'instructor', viewer.uid);
      return presentClass(row, 'instructor');
    });
  } catch (error) {
    const reason = error instanceof DomainError ? error.message : 'The class could not be created.';
    await runCommand(db, async ({ tx }) => {
      await tx
        .update(pendingClasses)
        .set({ status: 'rejected', error: reason, version: nextVersion })
        .where(eq(pendingClasses.pending_class_id, classId));
    });
    throw error instanceof DomainError
      ? error
      : // The cause (maybe SQL and data) is logged under an error id, never sent (errors.ts).
        new DomainError({ code: 'INTERNAL_SERVER_ERROR', message: reason, cause: error });
  }
}

/** Edits every SPEC field of a class (instructors and class admins); audit fields written. */
export async function classUpdater(
  db: Db,
  viewer: SessionUser,
  classId: string,
  fields: ClassFields,
): Promise<Class> {
  const role = await requireAllowed(db, viewer, classId, 'class.edit');
  return runCommand(db, async ({ tx, announce }) => {
    const [before] = await tx
      .select({ is_public: classes.is_public })
      .from(classes)
      .where(eq(classes.class_id, classId))
      .for('update');
    if (!before) throw notFound('Class');
    const [row] = await tx
      .update(classes)
      .set({ ...fields, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(classes.class_id, classId), eq(classes.deleted, false)))
      .returning();
    if (!row) throw notFound('Class');
    announceClass(announce, classId, before.is_public || row.is_public);
    return presentClass(row, role);
  });
}

/**
 * Deletes a class: pending_deleted with the audit fields (what the client shows at once), then the
 * soft delete, which hides everything below it: every live query in the class ends.
 */
export async function classDeleter(db: Db, viewer: SessionUser, classId: string): Promise<void> {
  await requireAllowed(db, viewer, classId, 'class.delete');
  await runCommand(db, async ({ tx, announce }) => {
    const [row] = await tx
      .update(classes)
      .set({ pending_deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(classes.class_id, classId), eq(classes.deleted, false)))
      .returning();
    if (!row) throw notFound('Class');
    announceClass(announce, classId, row.is_public);
  });
  await runCommand(db, async ({ tx, announce }) => {
    const [row] = await tx
      .update(classes)
      .set({ deleted: true, version: nextVersion })
      .where(eq(classes.class_id, classId))
      .returning();
    if (!row) throw notFound('Class');
    announceClass(announce, classId, row.is_public);
    announce({ topic: accessSignal, key: classId, ids: null });
    const members = await tx
      .select({ uid: classMemberships.uid })
      .from(classMemberships)
      .where(eq(classMemberships.class_id, classId));
    for (const uid of new Set(members.map((member) => member.uid)))
      announce({ topic: myClassesTopic, key: `user:${uid}`, ids: null });
  });
}

/**
 * Archives the class at the end of term, or unarchives it (docs/classes.md#archive): instructors
 * and class admins. Archived, it is read-only for everyone — the archive guard of migration 0021
 * refuses every write below it — still readable and searchable by its members, and listed under
 * "Archived" instead of "My classes". Its members' lists get the change live.
 */
export async function classArchiver(
  db: Db,
  viewer: SessionUser,
  classId: string,
  archived: boolean,
): Promise<Class> {
  const role = await requireAllowed(db, viewer, classId, 'class.archive');
  return runCommand(db, async ({ tx, announce }) => {
    const [current] = await tx
      .select()
      .from(classes)
      .where(and(eq(classes.class_id, classId), eq(classes.deleted, false)))
      .for('update');
    if (!current) throw notFound('Class');
    // Already so (a retry, or two staff at once): nothing to write.
    if ((current.archived_at !== null) === archived) return presentClass(current, role);
    const [row] = await tx
      .update(classes)
      .set({
        archived_at: archived ? new Date() : null,
        archived_by: archived ? viewer.uid : null,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .where(eq(classes.class_id, classId))
      .returning();
    if (!row) throw notFound('Class');
    announceClass(announce, classId, row.is_public);
    return presentClass(row, role);
  });
}

/** Joins a public class as a student (or re-enables a removed student membership). */
export async function classJoiner(db: Db, viewer: SessionUser, classId: string): Promise<Class> {
  const [row] = await db.select().from(classes).where(eq(classes.class_id, classId));
  if (!row || row.deleted || row.pending_deleted || !row.enabled || !row.is_public)
    throw notFound('Class');
  if (row.archived_at !== null) throw new ClassArchivedError();
  const current = await classRoleOf(db, viewer.uid, classId);
  if (current) return presentClass(row, current);
  const [previous] = await db
    .select({ uid: classMemberships.uid })
    .from(classMemberships)
    .where(and(eq(classMemberships.class_id, classId), eq(classMemberships.uid, viewer.uid)));
  // Someone removed or disabled this member: joining again is the instructors' call, not theirs.
  if (previous)
    throw forbidden('You were removed from this class. Ask an instructor to add you again.');
  await runCommand(db, async ({ tx, announce }) => {
    await tx
      .insert(classMemberships)
      .values({
        class_id: classId,
        uid: viewer.uid,
        role: 'student',
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .onConflictDoNothing();
    announceMembership(announce, classId, 'student', viewer.uid);
  });
  return presentClass(row, 'student');
}
