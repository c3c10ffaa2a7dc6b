// Docs: docs/ai.md#the-spend-as-it-happens — the staff's AI watch of a class (`moderation.watch`):
// per activity with an AI product, its unhandled flags (the badge) and its spend so far against
// its budget, live. Students never subscribe (FORBIDDEN): flags and spend are staff's alone.
//
// Every change of what a row shows bumps the activity's `ai_watch_version` (a finished job, a flag
// marked handled, a budget set) and is announced here, or — a student joining or leaving, which
// changes a per-seat spend — is a newer student membership, announced with the roster; the 80 % warning is set under the activity
// row's lock, so of two nodes finishing jobs at once exactly one sets it.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  aiSpend,
  budgetShare,
  documentIdSchema,
  shouldWarn,
  type AiWatchRow,
  type SpendBasis,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireClassRole, type ClassAccess } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import type { CommandScope, Tx } from '../live/commands';
import type { CollectionTopic } from '../live/topic';
import { governsAi } from './policies';
import { forbidden } from '../errors';

type Count = number | string;

/** Staff only: what a student asks for here is refused, as other staff-only reads are. */
export const WATCH_STAFF_ONLY = 'Only instructors and class admins can see AI flags and spend.';

/** The viewer's access to the class's watch: staff (instructors, class admins) only. */
export async function requireWatchAccess(
  db: Db,
  viewer: SessionUser,
  classId: string,
): Promise<ClassAccess> {
  const role = await requireClassRole(db, viewer.uid, classId);
  if (!governsAi(role)) throw forbidden(WATCH_STAFF_ONLY);
  return { classId, role };
}

interface WatchSql {
  activity_id: string;
  version: Count;
  budget_answers: number | null;
  budget_tokens: number | null;
  warned_at: Date | string | null;
  price_per_1k_tokens: number | null;
  price_per_user: number | null;
  students: Count;
  answers: Count;
  tokens: Count;
  flags: Count;
  unhandled: Count;
}

/**
 * The watch rows of a class's activities that have an AI product (not deleted), optionally only
 * `ids`. One statement: the counts come from the jobs, the prices from the product.
 */
export async function loadWatch(
  db: Db | Tx,
  classId: string,
  ids: readonly string[] | null,
): Promise<AiWatchRow[]> {
  const rows = await queryRows<WatchSql>(
    db,
    // The version is also the newest student membership's (class_memberships.version comes from
    // the same live_version sequence, and memberships are never deleted, only marked): a student
    // added or removed changes a per-seat spend, and the roster's announcement (announceMembership)
    // reloads the rows, which are then newer than what the staff hold.
    sql`select a.activity_id, greatest(a.ai_watch_version, coalesce((select max(m.version)
          from class_memberships m where m.class_id = a.class_id and m.role = 'student'), 0))
          as version, a.ai_budget_answers as budget_answers,
        a.ai_budget_tokens as budget_tokens, a.ai_spend_warned_at as warned_at,
        p.price_per_1k_tokens, p.price_per_user,
        (select count(*) from class_memberships m where m.class_id = a.class_id
          and m.role = 'student' and m.enabled and not m.deleted and not m.pending_deleted) as students,
        coalesce(j.answers, 0) as answers, coalesce(j.tokens, 0) as tokens,
        coalesce(j.flags, 0) as flags, coalesce(j.unhandled, 0) as unhandled
      from activities a
      left join products p on p.product_id = a.product_id
      left join lateral (
        select count(*) filter (where status = 'done') as answers,
          sum(input_tokens + output_tokens) as tokens,
          count(*) filter (where flag is not null) as flags,
          count(*) filter (where flag is not null and flag_handled_at is null) as unhandled
        from ai_jobs where activity_id = a.activity_id
      ) j on true
      where a.class_id = ${classId} and not a.deleted and not a.pending_deleted
        and a.product_id is not null
        ${
          ids === null
            ? sql``
            : sql`and a.activity_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
        }`,
  );
  return rows.map(presentWatch);
}

function presentWatch(row: WatchSql): AiWatchRow {
  const answers = Number(row.answers);
  const tokens = Number(row.tokens);
  const budget = { answers: row.budget_answers, tokens: row.budget_tokens };
  const spend: { basis: SpendBasis; amount: number | null } = aiSpend(
    { price_per_1k_tokens: row.price_per_1k_tokens, price_per_user: row.price_per_user },
    { tokens, students: Number(row.students) },
  );
  return {
    activity_id: row.activity_id,
    unhandled_flags: Number(row.unhandled),
    flags: Number(row.flags),
    answers,
    tokens,
    spend_basis: spend.basis,
    spend: spend.amount,
    budget_answers: budget.answers,
    budget_tokens: budget.tokens,
    budget_share: budgetShare({ answers, tokens }, budget),
    warned_at: row.warned_at === null ? null : new Date(row.warned_at).getTime(),
    version: Number(row.version),
  };
}

/** Locks the activity's row for the rest of the transaction (the watch's changes are decided under it). */
export async function lockActivity(tx: Tx, activityId: string): Promise<void> {
  await tx.execute(sql`select 1 from activities where activity_id = ${activityId} for update`);
}

/**
 * The watch row of the activity changed (the caller holds the activity row's lock): gives the 80 %
 * warning if it is due and was not given for this budget, bumps the row's version and announces
 * it on commit. In an archived class (read-only, migration 0021's guard) the row is left as it is,
 * so a job still in flight when the class was archived can close.
 */
export async function watchChanged(
  tx: Tx,
  announce: CommandScope['announce'],
  classId: string,
  activityId: string,
): Promise<void> {
  const [row] = await loadWatch(tx, classId, [activityId]);
  const warn = row !== undefined && shouldWarn(row.budget_share, row.warned_at !== null);
  await tx.execute(
    sql`update activities set ai_watch_version = nextval('live_version')
      ${warn ? sql`, ai_spend_warned_at = now()` : sql``}
      where activity_id = ${activityId}
        and not exists (select 1 from classes c where c.class_id = activities.class_id
          and c.archived_at is not null)`,
  );
  announce({ topic: watchTopic, key: classId, ids: [activityId] });
}

/** The class's AI watch, live, to its staff. */
export const watchTopic: CollectionTopic<{ class_id: string }, AiWatchRow, ClassAccess> = {
  name: 'moderation.watch',
  kind: 'collection',
  input: z.object({ class_id: documentIdSchema }),
  key: (input) => input.class_id,
  access: (services, viewer, input) =>
    requireWatchAccess(services.database.db, viewer, input.class_id),
  classOf: (access) => access.classId,
  snapshot: (services, _viewer, input) => loadWatch(services.database.db, input.class_id, null),
  load: (services, key, ids) => loadWatch(services.database.db, key, ids),
  // A staff member made a student loses the topic at the class's access re-check.
  visible: () => true,
  id: (row) => row.activity_id,
};
