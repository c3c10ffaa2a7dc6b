// Docs: docs/classes.md#invitations — the per-account daily cap on invitation mails, counted in the
// database so that it holds however many nodes an inviter's requests reach (issue 29.4).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { invitationMailCounts } from '../db/schema';

/**
 * Takes up to `wanted` invitation mails from `inviterUid`'s allowance for today (UTC) and returns
 * how many were granted (0 when the day's `perDay` is used up). One statement under the counter
 * row's lock: two nodes taking at once are counted one after the other, never both from the same
 * remainder. A new day starts the count again.
 */
export async function takeInvitationMails(
  db: Db,
  inviterUid: string,
  wanted: number,
  perDay: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  await db
    .insert(invitationMailCounts)
    .values({ inviter_uid: inviterUid, day: sql`(now() at time zone 'UTC')::date`, count: 0 })
    .onConflictDoNothing();
  const rows = await queryRows<{ granted: number }>(
    db,
    sql`
    with cur as (
      select inviter_uid,
        case when day = (now() at time zone 'UTC')::date then count else 0 end as used
      from ${invitationMailCounts}
      where inviter_uid = ${inviterUid}
      for update
    ), taken as (
      select inviter_uid, used, least(${wanted}::int, greatest(0, ${perDay}::int - used)) as granted
      from cur
    )
    update ${invitationMailCounts} as counts
    set day = (now() at time zone 'UTC')::date, count = taken.used + taken.granted
    from taken
    where counts.inviter_uid = taken.inviter_uid
    returning taken.granted as granted`,
  );
  return Number(rows[0]?.granted ?? 0);
}
