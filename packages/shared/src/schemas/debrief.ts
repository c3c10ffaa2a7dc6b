// Docs: docs/debrief.md — the zod schemas of the debrief's inputs (rules: ../debriefRubric.ts).
import { z } from 'zod';
import { PARTICIPATION_FIGURES } from '../debrief';
import {
  GRADE_COMMENT_MAX_LENGTH,
  RUBRIC_MAX_CRITERIA,
  RUBRIC_MAX_SCALE,
  RUBRIC_NAME_MAX_LENGTH,
  rubricProblem,
} from '../debriefRubric';
import { uidSchema } from './common';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

const activityRef = { class_id: documentIdSchema, activity_id: documentIdSchema };

/** An activity's debrief: its participation table, unanswered questions, grades. */
export const debriefInputSchema = z.object(activityRef);
export type DebriefInput = z.infer<typeof debriefInputSchema>;

const criterionSchema = z.object({
  id: z.string().regex(/^c[0-9]{1,3}$/, { error: 'A criterion id is c1, c2, …' }),
  name: textSchema({ error: 'Give the criterion a name' })
    .trim()
    .min(1, { error: 'A criterion needs a name' })
    .max(RUBRIC_NAME_MAX_LENGTH, {
      error: `A criterion's name can be at most ${RUBRIC_NAME_MAX_LENGTH} characters`,
    }),
  weight: z.number({ error: 'A weight is a whole percent' }).int().min(1).max(100),
  source: z.enum(['manual', ...PARTICIPATION_FIGURES]),
  target: z.number().int().min(1).max(1_000_000).nullable().default(null),
});

/** The rubric of an activity: the scale and 1–12 criteria whose weights add up to 100 %. */
export const rubricSetInputSchema = z
  .object({
    ...activityRef,
    scale: z
      .number()
      .int()
      .min(1)
      .max(RUBRIC_MAX_SCALE, { error: `The scale can be at most ${RUBRIC_MAX_SCALE}` }),
    criteria: z.array(criterionSchema).max(RUBRIC_MAX_CRITERIA, {
      error: `A rubric can have at most ${RUBRIC_MAX_CRITERIA} criteria`,
    }),
  })
  .superRefine((rubric, ctx) => {
    const problem = rubricProblem(rubric);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
export type RubricSetInput = z.infer<typeof rubricSetInputSchema>;
export type RubricSetWire = z.input<typeof rubricSetInputSchema>;

/**
 * A student's grade: marks per criterion id (a criterion left out is not marked, or computed),
 * and a comment. The marks are checked against the rubric on the server (marksProblem).
 */
export const gradeSetInputSchema = z.object({
  ...activityRef,
  uid: uidSchema,
  marks: z
    .record(z.string().max(8), z.number({ error: 'A mark is a number' }))
    .refine((marks) => Object.keys(marks).length <= RUBRIC_MAX_CRITERIA, {
      error: 'Too many marks',
    }),
  comment: textSchema()
    .max(GRADE_COMMENT_MAX_LENGTH, {
      error: `A comment can be at most ${GRADE_COMMENT_MAX_LENGTH} characters`,
    })
    .default(''),
});
export type GradeSetInput = z.infer<typeof gradeSetInputSchema>;
export type GradeSetWire = z.input<typeof gradeSetInputSchema>;
