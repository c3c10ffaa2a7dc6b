// Docs: docs/debrief.md — an activity's debrief: participation, unanswered questions, grading.
import { debriefInputSchema, gradeSetInputSchema, rubricSetInputSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { gradeSetter, rubricSetter } from './commands';
import { gradingTopic } from './live';
import { gradebookFor, participationFor, unansweredFor } from './queries';
import { summaryStarter, summaryTopic } from './summary';

export const debriefRouter = router({
  /** Participation figures: every active student for staff, a student's own row for them. */
  participation: authedProcedure
    .input(debriefInputSchema)
    .query(({ ctx, input }) => participationFor(ctx.services.database.db, ctx.viewer, input)),
  /** Students' questions nobody answered: all for staff, a student's own for them. */
  unanswered: authedProcedure
    .input(debriefInputSchema)
    .query(({ ctx, input }) => unansweredFor(ctx.services.database.db, ctx.viewer, input)),
  /** The rubric and grades, live (instructors and class admins). */
  grading: liveSubscription(gradingTopic),
  /** Sets the rubric (instructors and class admins). */
  setRubric: authedProcedure
    .input(rubricSetInputSchema)
    .mutation(({ ctx, input }) => rubricSetter(ctx.services.database.db, ctx.viewer, input)),
  /** Sets a student's marks and comment (instructors and class admins). */
  setGrade: authedProcedure
    .input(gradeSetInputSchema)
    .mutation(({ ctx, input }) => gradeSetter(ctx.services.database.db, ctx.viewer, input)),
  /** The gradebook CSV: e-mail, name, total, each criterion, comment (instructors and class admins). */
  gradebook: authedProcedure
    .input(debriefInputSchema)
    .query(({ ctx, input }) => gradebookFor(ctx.services.database.db, ctx.viewer, input)),
  /** The activity's AI summary with its checked citations, live (instructors and class admins). */
  summary: liveSubscription(summaryTopic),
  /** "Summarize the discussion": the model writes the summary into `summary` (staff, a model set). */
  summarize: authedProcedure
    .input(debriefInputSchema)
    .mutation(({ ctx, input }) => summaryStarter(ctx.services, ctx.viewer, input)),
});
