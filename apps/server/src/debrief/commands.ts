// Docs: docs/debrief.md#the-rubric — the write path of grading: the rubric and a student's grade,
// each checked (policy, the shared rules), written with the audit fields and a new version, and
// announced to `debrief.grading` in one transaction.
import { eq, sql } from 'drizzle-orm';
import {
  marksProblem,
  type GradeSetInput,
  type GradingRow,
  type RubricSetInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { ACTIVE_MEMBERSHIP_SQL } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import { debriefGrades, debriefRubrics } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';
import { gradingTopic, loadGrading, requireGradingAccess } from './live';
import { NO_RUBRIC, STUDENT_LEFT } from './policies';
import { DomainError } from '../errors';

const badRequest = (message: string) => new DomainError({ code: 'BAD_REQUEST', message });

/** Sets an activity's rubric (instructors and class admins); its grades' marks stay by criterion id. */
export async function rubricSetter(
  db: Db,
  viewer: SessionUser,
  input: RubricSetInput,
): Promise<GradingRow> {
  const access = await requireGradingAccess(db, viewer, input);
  return runCommand(db, async ({ tx, announce }) => {
    const values = { scale: input.scale, criteria: input.criteria };
    await tx
      .insert(debriefRubrics)
      .values({
        activity_id: access.activityId,
        class_id: access.classId,
        ...values,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .onConflictDoUpdate({
        target: debriefRubrics.activity_id,
        set: { ...values, ...auditFields(viewer), version: nextVersion },
      });
    announce({ topic: gradingTopic, key: access.activityId, ids: ['rubric'] });
    const [row] = await loadGrading(tx, access.activityId, ['rubric']);
    return row!;
  });
}

/**
 * Sets a student's marks (those given by hand; a computed criterion left out keeps its computed
 * mark) and comment. Refused, changing nothing: no rubric yet, a mark for an unknown criterion or
 * outside the scale, someone who is not an active student of the class (one who left).
 */
export async function gradeSetter(
  db: Db,
  viewer: SessionUser,
  input: GradeSetInput,
): Promise<GradingRow> {
  const access = await requireGradingAccess(db, viewer, input);
  return runCommand(db, async ({ tx, announce }) => {
    // The rubric's row is shared-locked: a rubric saved meanwhile waits, so marks are checked
    // against the criteria they are stored under.
    const [rubric] = await tx
      .select()
      .from(debriefRubrics)
      .where(eq(debriefRubrics.activity_id, access.activityId))
      .for('share');
    if (!rubric) throw badRequest(NO_RUBRIC);
    const problem = marksProblem(rubric, input.marks);
    if (problem !== null) throw badRequest(problem);
    const [student] = await queryRows<{ uid: string }>(
      tx,
      sql`select m.uid from class_memberships m join classes k on k.class_id = m.class_id
        where m.class_id = ${access.classId} and m.uid = ${input.uid} and m.role = 'student'
          and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)}`,
    );
    if (!student) throw badRequest(STUDENT_LEFT);
    const values = { marks: input.marks, comment: input.comment };
    await tx
      .insert(debriefGrades)
      .values({
        activity_id: access.activityId,
        uid: input.uid,
        class_id: access.classId,
        ...values,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .onConflictDoUpdate({
        target: [debriefGrades.activity_id, debriefGrades.uid],
        set: { ...values, ...auditFields(viewer), version: nextVersion },
      });
    announce({ topic: gradingTopic, key: access.activityId, ids: [input.uid] });
    const [row] = await loadGrading(tx, access.activityId, [input.uid]);
    return row!;
  });
}

/** The grades of an activity's graded students (the export's read). */
export async function gradesOf(db: Db, activityId: string) {
  return db.select().from(debriefGrades).where(eq(debriefGrades.activity_id, activityId));
}
