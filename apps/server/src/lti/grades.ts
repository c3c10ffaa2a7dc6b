// Docs: docs/institutions.md#roster-and-grades — Assignment and Grade Services: one line item per
// activity (found by its resourceId, else created), then each LMS student's debrief rubric total as a
// score out of 100. The totals are the gradebook CSV's (docs/debrief.md#the-gradebook-csv).
import { and, eq, inArray } from 'drizzle-orm';
import {
  effectiveMarks,
  rubricTotal,
  type ParticipationFigure,
  type Rubric,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { ltiUsers } from '../db/schema';
import { gradesOf } from '../debrief/commands';
import { participationFigures } from '../debrief/figures';
import { loadGrading, requireGradingAccess } from '../debrief/live';
import { presentParticipation } from '../debrief/presenters';
import { SCOPE } from './claims';
import { linkOfClass } from './classLink';
import { serviceCall, serviceToken, ServiceError } from './serviceToken';
import { DomainError } from '../errors';

const LINE_ITEM = 'application/vnd.ims.lis.v2.lineitem+json';
const LINE_ITEMS = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const SCORE = 'application/vnd.ims.lis.v1.score+json';

export interface GradesResult {
  lineItem: string;
  posted: number;
  /** Students with no complete grade or who never launched from the LMS (no LMS id to post to). */
  skipped: number;
}

/** The scores URL of a line item: its path + /scores, its query kept (AGS §3.4). */
function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

export async function postGrades(
  db: Db,
  viewer: SessionUser,
  input: { class_id: string; activity_id: string },
): Promise<GradesResult> {
  // Staff of the class only, with the debrief's own rule and its one "not found".
  const access = await requireGradingAccess(db, viewer, input);
  const link = await linkOfClass(db, access.classId);
  if (!link?.context.lineitems_url || !link.platform.enabled)
    throw new DomainError({
      code: 'PRECONDITION_FAILED',
      message: 'This class is not linked to an LMS course that takes grades.',
    });
  const { context, platform } = link;
  const lineitemsUrl = context.lineitems_url as string;
  const [figures, grading, grades] = await Promise.all([
    participationFigures(db, access),
    loadGrading(db, access.activityId, ['rubric']),
    gradesOf(db, access.activityId),
  ]);
  const rubricRow = grading.find((row) => row.kind === 'rubric');
  if (rubricRow?.kind !== 'rubric')
    throw new DomainError({
      code: 'PRECONDITION_FAILED',
      message: 'Set up the rubric before sending grades.',
    });
  const rubric: Rubric = rubricRow.rubric;
  const byUid = new Map(grades.map((grade) => [grade.uid, grade]));
  const subs = figures.length
    ? await db
        .select({ uid: ltiUsers.uid, sub: ltiUsers.sub })
        .from(ltiUsers)
        .where(
          and(
            eq(ltiUsers.platform_id, platform.id),
            inArray(
              ltiUsers.uid,
              figures.map((row) => row.uid),
            ),
          ),
        )
    : [];
  const subOf = new Map(subs.map((row) => [row.uid, row.sub]));

  let token: string;
  try {
    token = await serviceToken(db, platform, [SCOPE.lineItem, SCOPE.score]);
  } catch (error) {
    throw asTrpc(error);
  }
  try {
    const lineItem = await lineItemFor(token, lineitemsUrl, access.activityId, access.title);
    let posted = 0;
    let skipped = 0;
    const timestamp = new Date().toISOString();
    for (const row of figures) {
      const shown = presentParticipation(row, { uid: viewer.uid, role: access.role });
      const numbers: Partial<Record<ParticipationFigure, number>> = {
        ...shown,
        phases: shown.phases.length,
      };
      const total = rubricTotal(
        rubric,
        effectiveMarks(rubric, byUid.get(row.uid)?.marks ?? {}, numbers),
      );
      const sub = subOf.get(row.uid);
      if (total === null || !sub) {
        skipped += 1;
        continue;
      }
      await serviceCall(scoresUrl(lineItem), token, {
        method: 'POST',
        accept: 'application/json',
        contentType: SCORE,
        body: {
          userId: sub,
          scoreGiven: total,
          scoreMaximum: 100,
          comment: byUid.get(row.uid)?.comment || undefined,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp,
        },
      });
      posted += 1;
    }
    return { lineItem, posted, skipped };
  } catch (error) {
    throw asTrpc(error);
  }
}

async function lineItemFor(
  token: string,
  lineitemsUrl: string,
  activityId: string,
  title: string,
): Promise<string> {
  const search = new URL(lineitemsUrl);
  search.searchParams.set('resource_id', activityId);
  const found = await serviceCall(search.href, token, { accept: LINE_ITEMS });
  const list = Array.isArray(found.body)
    ? (found.body as Array<{ id?: unknown; resourceId?: unknown }>)
    : [];
  const existing = list.find(
    (item) => item.resourceId === activityId && typeof item.id === 'string',
  );
  if (existing) return existing.id as string;
  const made = await serviceCall(lineitemsUrl, token, {
    method: 'POST',
    accept: LINE_ITEM,
    contentType: LINE_ITEM,
    body: {
      label: title.slice(0, 200) || 'Seminar activity',
      scoreMaximum: 100,
      resourceId: activityId,
      tag: 'seminar-debrief',
    },
  });
  const id = (made.body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string')
    throw new ServiceError('The platform made a line item without an id.');
  return id;
}

function asTrpc(error: unknown): unknown {
  if (error instanceof ServiceError)
    return new DomainError({ code: 'BAD_GATEWAY', message: error.message, cause: error });
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError'))
    return new DomainError({
      code: 'BAD_GATEWAY',
      message: 'The learning platform did not answer.',
      cause: error,
    });
  return error;
}
