// Docs: docs/debrief.md#the-rubric — the debrief's grading rules: a rubric's criteria (weights, a
// scale, marks given by the instructor or computed from participation figures), the marks' checks,
// each criterion's effective mark and the total, the grading's live rows, and the gradebook CSV.
import { csvRows } from './csv';
import type { ParticipationFigure } from './debrief';

export const RUBRIC_MAX_CRITERIA = 12;
export const RUBRIC_NAME_MAX_LENGTH = 80;
/** Marks go from 0 to the rubric's scale (e.g. 10 or 100), at most this. */
export const RUBRIC_MAX_SCALE = 1000;
export const GRADE_COMMENT_MAX_LENGTH = 2000;

/** Where a criterion's mark comes from: the instructor, or a participation figure. */
export type CriterionSource = 'manual' | ParticipationFigure;

export interface RubricCriterion {
  /** Stable id (`c1`…), so marks survive a renamed criterion. */
  id: string;
  name: string;
  /** Whole percent, 1–100; the weights of a rubric add up to 100. */
  weight: number;
  source: CriterionSource;
  /** For a computed criterion: the figure that earns the full mark (more is capped). */
  target: number | null;
}

export interface Rubric {
  /** The highest mark of every criterion. */
  scale: number;
  criteria: RubricCriterion[];
}

/** What is wrong with a rubric, in plain words, or null. */
export function rubricProblem(rubric: Rubric): string | null {
  if (rubric.criteria.length === 0) return 'A rubric needs at least one criterion';
  if (rubric.criteria.length > RUBRIC_MAX_CRITERIA)
    return `A rubric can have at most ${RUBRIC_MAX_CRITERIA} criteria`;
  if (!Number.isInteger(rubric.scale) || rubric.scale < 1 || rubric.scale > RUBRIC_MAX_SCALE)
    return `The scale must be a whole number from 1 to ${RUBRIC_MAX_SCALE}`;
  const ids = new Set<string>();
  const names = new Set<string>();
  let total = 0;
  for (const criterion of rubric.criteria) {
    const name = criterion.name.trim();
    if (name === '') return 'A criterion needs a name';
    if (name.length > RUBRIC_NAME_MAX_LENGTH)
      return `A criterion's name can be at most ${RUBRIC_NAME_MAX_LENGTH} characters`;
    if (names.has(name.toLowerCase())) return `The criterion "${name}" is there twice`;
    names.add(name.toLowerCase());
    if (ids.has(criterion.id)) return 'Two criteria have the same id';
    ids.add(criterion.id);
    if (!Number.isInteger(criterion.weight) || criterion.weight < 1 || criterion.weight > 100)
      return `The weight of "${name}" must be a whole percent from 1 to 100`;
    total += criterion.weight;
    if (criterion.source === 'manual') {
      if (criterion.target !== null) return `"${name}" is marked by hand: it has no target`;
    } else if (
      criterion.target === null ||
      !Number.isInteger(criterion.target) ||
      criterion.target < 1
    )
      return `"${name}" is computed: give the figure that earns the full mark (a whole number from 1)`;
  }
  if (total !== 100) return `The weights add up to ${total} %; they must add up to 100 %`;
  return null;
}

/** Marks per criterion id: a number, or absent when not given. */
export type Marks = Record<string, number>;

/** What is wrong with marks given under `rubric`, or null: unknown criteria, out of the scale. */
export function marksProblem(rubric: Rubric, marks: Marks): string | null {
  const byId = new Map(rubric.criteria.map((criterion) => [criterion.id, criterion]));
  for (const [id, mark] of Object.entries(marks)) {
    const criterion = byId.get(id);
    if (!criterion) return 'A mark is for a criterion the rubric does not have';
    if (!Number.isFinite(mark) || mark < 0 || mark > rubric.scale)
      return `The mark for "${criterion.name}" must be from 0 to ${rubric.scale}`;
    if (Math.round(mark * 100) !== mark * 100)
      return `The mark for "${criterion.name}" can have at most two decimals`;
  }
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A computed criterion's mark from a student's figure: the share of the target, capped, scaled. */
export function computedMark(criterion: RubricCriterion, scale: number, figure: number): number {
  if (criterion.source === 'manual' || criterion.target === null) return 0;
  return round2(Math.min(1, figure / criterion.target) * scale);
}

/** One criterion's mark as graded: the instructor's if given, else computed, else null. */
export interface EffectiveMark {
  mark: number | null;
  computed: boolean;
  overridden: boolean;
}

/** Each criterion's effective mark for a student: an instructor's mark overrides a computed one. */
export function effectiveMarks(
  rubric: Rubric,
  marks: Marks,
  figures: Partial<Record<ParticipationFigure, number>>,
): Record<string, EffectiveMark> {
  const result: Record<string, EffectiveMark> = {};
  for (const criterion of rubric.criteria) {
    const given = marks[criterion.id];
    const computed =
      criterion.source === 'manual'
        ? null
        : computedMark(criterion, rubric.scale, figures[criterion.source] ?? 0);
    result[criterion.id] =
      given !== undefined
        ? { mark: given, computed: false, overridden: computed !== null }
        : { mark: computed, computed: computed !== null, overridden: false };
  }
  return result;
}

/**
 * The total in percent (two decimals): the weighted sum of each mark's share of the scale; null
 * while some criterion has no mark (an incomplete grade is not a low one).
 */
export function rubricTotal(rubric: Rubric, marks: Record<string, EffectiveMark>): number | null {
  let total = 0;
  for (const criterion of rubric.criteria) {
    const mark = marks[criterion.id]?.mark;
    if (mark === null || mark === undefined) return null;
    total += (criterion.weight * mark) / rubric.scale;
  }
  return round2(total);
}

/** The live rows of an activity's grading: its rubric, and one grade per graded student. */
export type GradingRow =
  | {
      kind: 'rubric';
      id: 'rubric';
      rubric: Rubric;
      updated_at: string;
      updated_by_name: string | null;
      version: number;
    }
  | {
      kind: 'grade';
      /** The student's uid. */
      id: string;
      marks: Marks;
      comment: string;
      updated_at: string;
      updated_by_name: string | null;
      version: number;
    };

// ---------------------------------------------------------------------------------------------
// Gradebook CSV
// ---------------------------------------------------------------------------------------------

export interface GradebookRow {
  email: string;
  name: string;
  marks: Record<string, EffectiveMark>;
  comment: string;
}

/**
 * The gradebook CSV an LMS imports: a header, then one row per student — e-mail, name, total (%),
 * each criterion's mark (header "<name> (<weight> %)"), comment. Cells are formula-guarded
 * (csv.ts); a missing mark or total is an empty cell.
 */
export function gradebookCsv(rubric: Rubric, rows: readonly GradebookRow[]): string {
  const header = [
    'Email',
    'Name',
    'Total (%)',
    ...rubric.criteria.map((criterion) => `${criterion.name} (${criterion.weight} %)`),
    'Comment',
  ];
  return csvRows([
    header,
    ...rows.map((row) => [
      row.email,
      row.name,
      rubricTotal(rubric, row.marks),
      ...rubric.criteria.map((criterion) => row.marks[criterion.id]?.mark ?? null),
      row.comment,
    ]),
  ]);
}
