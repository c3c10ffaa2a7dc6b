// Docs: docs/ai.md#your-own-exchanges — `activities.myExchanges`: the viewer's own exchanges with
// AI agents in a class, per activity. Only the viewer's: the query is bound to their uid, so no
// input can reach anyone else's. Mentions in the texts are written out as the viewer saw them: in
// an anonymous activity a classmate is their pseudonym (or `@someone`), never their name or id.
import { sql } from 'drizzle-orm';
import {
  MY_EXCHANGES_MAX,
  exchangeText,
  parseMentions,
  pseudonymLabel,
  type MyExchangeActivity,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireClassAccess } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import { pseudonymsOf } from './anonymity';

interface Row {
  job_id: string;
  agent: string;
  activity_id: string;
  title: string;
  anonymous: boolean;
  question: string | null;
  question_deleted: boolean | null;
  answer: string | null;
  answer_deleted: boolean | null;
  status: string;
  created_at: Date | string;
}

/** The names of class members the viewer may see by name (non-anonymous activities). */
async function memberNames(db: Db, classId: string, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await queryRows<{ uid: string; name: string | null }>(
    db,
    sql`select distinct u.id as uid, u.name from users u
      join class_memberships m on m.uid = u.id and m.class_id = ${classId} and not m.deleted
      where u.id in (${sql.join(
        uids.map((uid) => sql`${uid}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((row) => [row.uid, row.name ?? '']));
}

export async function myExchangesReader(
  db: Db,
  viewer: SessionUser,
  input: { class_id: string },
): Promise<MyExchangeActivity[]> {
  await requireClassAccess(db, viewer.uid, input.class_id);
  const rows = await queryRows<Row>(
    db,
    sql`select j.job_id, j.agent, j.activity_id, a.title, a.anonymous, q.body as question,
        q.deleted as question_deleted, r.body as answer, r.deleted as answer_deleted, j.status,
        j.created_at
      from ai_jobs j
      join activities a on a.activity_id = j.activity_id and a.class_id = ${input.class_id}
        and not a.deleted
      left join messages q on q.id = j.message_id
      left join messages r on r.id = j.reply_id
      where j.author_uid = ${viewer.uid} and j.class_id = ${input.class_id}
      order by j.created_at desc, j.job_id desc
      limit ${MY_EXCHANGES_MAX}`,
  );
  const texts = (row: Row) => [
    row.question_deleted ? '' : (row.question ?? ''),
    row.answer === null || row.answer_deleted ? null : row.answer,
  ];
  // Who the texts mention, per activity: the anonymous ones get pseudonyms, the others names.
  const mentioned = new Map<string, Set<string>>();
  for (const row of rows)
    for (const text of texts(row))
      for (const uid of text === null ? [] : parseMentions(text).uids) {
        const set = mentioned.get(row.activity_id) ?? new Set<string>();
        set.add(uid);
        mentioned.set(row.activity_id, set);
      }
  const anonymousIds = new Set(rows.filter((r) => r.anonymous).map((r) => r.activity_id));
  const pseudonyms = new Map<string, Map<string, number>>();
  for (const id of anonymousIds)
    pseudonyms.set(id, await pseudonymsOf(db, id, [...(mentioned.get(id) ?? [])]));
  const named = new Set<string>();
  for (const [id, uids] of mentioned)
    if (!anonymousIds.has(id)) for (const uid of uids) named.add(uid);
  const names = await memberNames(db, input.class_id, [...named]);

  const byActivity = new Map<string, MyExchangeActivity>();
  for (const row of rows) {
    const own = pseudonyms.get(row.activity_id);
    const nameOf = (uid: string): string | null => {
      if (uid === viewer.uid) return viewer.displayName || 'you';
      if (own) {
        const number = own.get(uid);
        return number === undefined ? null : pseudonymLabel(number);
      }
      return names.get(uid) || null;
    };
    let activity = byActivity.get(row.activity_id);
    if (!activity) {
      activity = {
        activity_id: row.activity_id,
        title: row.title,
        anonymous: row.anonymous,
        exchanges: [],
      };
      byActivity.set(row.activity_id, activity);
    }
    const [question, answer] = texts(row);
    activity.exchanges.push({
      job_id: row.job_id,
      agent: row.agent,
      question: exchangeText(question ?? '', nameOf),
      answer: answer === null || answer === undefined ? null : exchangeText(answer, nameOf),
      status: row.status,
      asked_at: new Date(row.created_at).getTime(),
    });
  }
  return [...byActivity.values()];
}
