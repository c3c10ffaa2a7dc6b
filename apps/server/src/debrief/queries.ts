// Docs: docs/debrief.md — the debrief's reads, authorized: staff get every student, a student their
// own row and their own open questions; the gradebook CSV is staff's.
import {
  effectiveMarks,
  gradebookCsv,
  type DebriefInput,
  type ParticipationFigure,
  type ParticipationRow,
  type UnansweredQuestion,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { requireDebriefAccess } from './access';
import { gradesOf } from './commands';
import { participationFigures, unansweredOf } from './figures';
import { loadGrading, requireGradingAccess } from './live';
import { seesEveryone } from './policies';
import { presentParticipation, presentQuestion } from './presenters';

export async function participationFor(
  db: Db,
  viewer: SessionUser,
  input: DebriefInput,
): Promise<ParticipationRow[]> {
  const access = await requireDebriefAccess(db, viewer, input.class_id, input.activity_id);
  const everyone = seesEveryone(access.role);
  const rows = await participationFigures(db, access, everyone ? undefined : viewer.uid);
  return rows.map((row) => presentParticipation(row, { uid: viewer.uid, role: access.role }));
}

export async function unansweredFor(
  db: Db,
  viewer: SessionUser,
  input: DebriefInput,
): Promise<UnansweredQuestion[]> {
  const access = await requireDebriefAccess(db, viewer, input.class_id, input.activity_id);
  const everyone = seesEveryone(access.role);
  const rows = await unansweredOf(db, access);
  return rows
    .filter((row) => everyone || row.author_uid === viewer.uid)
    .map((row) => presentQuestion(row, { uid: viewer.uid, role: access.role }));
}

/** A file name of plain characters: the activity's title, then "grades.csv". */
function csvFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug === '' ? 'activity' : slug}-grades.csv`;
}

/** The gradebook CSV of an activity (staff): one row per active student, computed marks filled in. */
export async function gradebookFor(
  db: Db,
  viewer: SessionUser,
  input: DebriefInput,
): Promise<{ filename: string; csv: string }> {
  const access = await requireGradingAccess(db, viewer, input);
  const [figures, grading, grades] = await Promise.all([
    participationFigures(db, access),
    loadGrading(db, access.activityId, ['rubric']),
    gradesOf(db, access.activityId),
  ]);
  const rubricRow = grading.find((row) => row.kind === 'rubric');
  const rubric = rubricRow?.kind === 'rubric' ? rubricRow.rubric : { scale: 1, criteria: [] };
  const byUid = new Map(grades.map((grade) => [grade.uid, grade]));
  const rows = figures.map((row) => {
    const shown = presentParticipation(row, { uid: viewer.uid, role: access.role });
    const grade = byUid.get(row.uid);
    const numbers: Partial<Record<ParticipationFigure, number>> = {
      ...shown,
      phases: shown.phases.length,
    };
    return {
      email: shown.email,
      name: shown.name,
      marks: effectiveMarks(rubric, grade?.marks ?? {}, numbers),
      comment: grade?.comment ?? '',
    };
  });
  return { filename: csvFileName(access.title), csv: gradebookCsv(rubric, rows) };
}
