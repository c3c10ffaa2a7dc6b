// Docs: docs/debrief.md#the-rubric — `debrief.grading`: an activity's rubric and grades, live to its
// staff on every node (the NOTIFY bus), so two instructors grading at once see each other's marks.
import { and, eq, inArray } from 'drizzle-orm';
import { debriefInputSchema, type DebriefInput, type GradingRow } from '@seminar/shared';
import type { Db } from '../db/client';
import { debriefGrades, debriefRubrics } from '../db/schema';
import type { Tx } from '../live/commands';
import type { CollectionTopic } from '../live/topic';

import { requireDebriefAccess, type DebriefAccess } from './access';
import { canGrade, GRADE_STAFF_ONLY } from './policies';
import { presentGrade, presentRubric } from './presenters';
import { forbidden } from '../errors';

/** The grading rows of an activity: the rubric (id `rubric`) and grades (id = the student's uid). */
export async function loadGrading(
  db: Db | Tx,
  activityId: string,
  ids?: readonly string[],
): Promise<GradingRow[]> {
  const rows: GradingRow[] = [];
  if (!ids || ids.includes('rubric')) {
    const [rubric] = await db
      .select()
      .from(debriefRubrics)
      .where(eq(debriefRubrics.activity_id, activityId));
    if (rubric) rows.push(presentRubric(rubric));
  }
  const uids = ids?.filter((id) => id !== 'rubric');
  if (!uids || uids.length > 0) {
    const grades = await db
      .select()
      .from(debriefGrades)
      .where(
        and(
          eq(debriefGrades.activity_id, activityId),
          uids ? inArray(debriefGrades.uid, uids) : undefined,
        ),
      );
    rows.push(...grades.map(presentGrade));
  }
  return rows;
}

/** Staff's access to grade an activity, or the refusal (outsiders: not found, students: forbidden). */
export async function requireGradingAccess(
  db: Db,
  viewer: { uid: string } & Parameters<typeof requireDebriefAccess>[1],
  input: DebriefInput,
): Promise<DebriefAccess> {
  const access = await requireDebriefAccess(db, viewer, input.class_id, input.activity_id);
  if (!canGrade(access.role)) throw forbidden(GRADE_STAFF_ONLY);
  return access;
}

export const gradingTopic: CollectionTopic<DebriefInput, GradingRow, DebriefAccess> = {
  name: 'debrief.grading',
  kind: 'collection',
  input: debriefInputSchema,
  key: (input) => input.activity_id,
  access: (services, viewer, input) => requireGradingAccess(services.database.db, viewer, input),
  classOf: (access) => access.classId,
  snapshot: (services, _viewer, input) => loadGrading(services.database.db, input.activity_id),
  load: (services, key, ids) => loadGrading(services.database.db, key, ids),
  // A staff member who is made a student loses the topic at the class's access re-check.
  visible: () => true,
  id: (row) => row.id,
};
