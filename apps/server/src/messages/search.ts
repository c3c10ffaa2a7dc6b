// Docs: docs/channels.md#search — full-text search over the messages of the channels a viewer sees.
// One statement: the channel visibility rule is applied in SQL (channelVisibleSql, the same rule as
// the send statement and canSeeChannel), so a result can never come from a channel the viewer cannot
// see, nor from another class. The 'simple' text search config: no stemming and no stop words, the
// same for every language a class may write in (words match as prefixes instead). The snippet is
// highlighted here (highlightSnippet, packages/shared) rather than by ts_headline, which drops
// anything that looks like an HTML tag and trims fragments: a snippet must show the words as written.
// `search_vector` is the body's stored tsvector, indexed with the class (db/schema/channels.ts).
import { sql } from 'drizzle-orm';
import {
  shownAuthor,
  channelGroupEmail,
  highlightSnippet,
  prefixTsQuery,
  SEARCH_MAX_OFFSET,
  SEARCH_PAGE_SIZE,
  searchTerms,
  type MessageSearchInput,
  type MessageSearchPage,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { channelVisibleSql } from '../channels/access';
import { activeRolesArraySql, requireClassRole } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import { hiddenByPhaseSql, messageColumns } from './phaseAccess';

interface SearchRow {
  id: string;
  channel_id: string;
  channel_name: string;
  seq: number | string;
  author_uid: string;
  author_name: string;
  pseudonym: number | null;
  staff: boolean | string;
  anonymous_activity_id: string | null;
  created_at: Date | string;
  body: string;
}

/**
 * A page of the messages matching `input.query` in the channels of `input.class_id` the viewer
 * sees, best ranked first (ts_rank; newer first among equals). Deleted messages are never found.
 * An outsider of the class gets "Class not found."; a channel or author filter the viewer may not
 * see simply finds nothing.
 */
export async function searchMessages(
  db: Db,
  viewer: SessionUser,
  input: MessageSearchInput,
): Promise<MessageSearchPage> {
  const tsquery = prefixTsQuery(input.query);
  await requireClassRole(db, viewer.uid, input.class_id);
  // The input schema refuses a text without words; this only keeps the statement well-formed.
  if (tsquery === null) return { results: [], nextOffset: null };
  const visible = channelVisibleSql({
    deleted: 'c.deleted',
    enabled: 'c.enabled',
    isPublic: 'c.is_public',
    channelGroup: 'c.channel_group',
    roles: 'v.roles',
    enrolled: `exists (select 1 from channel_users u where u.channel_id = c.channel_id
      and u.uid = v.uid and u.enabled and not u.deleted)`,
    email: 'v.email',
  });
  const rows = await queryRows<SearchRow>(
    db,
    sql`with v as materialized (
        select ${viewer.uid}::text as uid, ${channelGroupEmail(viewer)}::text as email,
          ${sql.raw(activeRolesArraySql('w.class_id', 'w.uid'))} as roles
        from (select ${input.class_id}::text as class_id, ${viewer.uid}::text as uid) w
      ), q as materialized (select to_tsquery('simple', ${tsquery}) as q),
      found as (
        select m.id, m.channel_id, c.name as channel_name, m.seq, m.author_uid, m.author_name,
          m.created_at, m.body, m.pseudonym,
          ('instructor' = any(v.roles) or 'admin' = any(v.roles)) as staff,
          (select a.activity_id from activities a where a.channel_id = m.channel_id
            and a.class_id = m.class_id and a.anonymous order by a.activity_id limit 1)
            as anonymous_activity_id
        from messages m
          join channels c on c.channel_id = m.channel_id and c.class_id = m.class_id
          cross join v cross join q
        where m.class_id = ${input.class_id} and not m.deleted
          and m.search_vector @@ q.q
          and ${sql.raw(visible)}
          and not ${hiddenByPhaseSql(messageColumns('m'), viewer.uid, "'instructor' = any(v.roles) or 'admin' = any(v.roles)")}
          ${input.channel_id ? sql`and m.channel_id = ${input.channel_id}` : sql``}
          ${
            input.author_uid
              ? // A student's author filter never finds a pseudonymous post of someone else: that
                // would say who wrote it (docs/activities.md#anonymity).
                sql`and m.author_uid = ${input.author_uid} and (m.pseudonym is null
                  or m.author_uid = v.uid or 'instructor' = any(v.roles) or 'admin' = any(v.roles))`
              : sql``
          }
        order by ts_rank(m.search_vector, q.q) desc, m.created_at desc, m.id
        limit ${SEARCH_PAGE_SIZE + 1} offset ${input.offset}
      )
      select * from found`,
  );
  const terms = searchTerms(input.query);
  const more = rows.length > SEARCH_PAGE_SIZE;
  const nextOffset = input.offset + SEARCH_PAGE_SIZE;
  return {
    results: rows.slice(0, SEARCH_PAGE_SIZE).map((row) => {
      const author = shownAuthor(
        row.anonymous_activity_id ?? '',
        {
          uid: viewer.uid,
          staff: row.staff === true || String(row.staff) === 't' || !row.anonymous_activity_id,
        },
        {
          uid: row.author_uid,
          name: row.author_name,
          pseudonym: row.pseudonym === null ? null : Number(row.pseudonym),
        },
      );
      return {
        id: row.id,
        channel_id: row.channel_id,
        channel_name: row.channel_name,
        seq: Number(row.seq),
        author_uid: author.key,
        author_name: author.name,
        ...(author.pseudonym === null ? {} : { author_pseudonym: author.pseudonym }),
        created_at: new Date(row.created_at).getTime(),
        snippet: highlightSnippet(row.body, terms),
      };
    }),
    nextOffset: more && nextOffset <= SEARCH_MAX_OFFSET ? nextOffset : null,
  };
}
