// Docs: docs/realtime.md#group-commit — the one statement of the send path (see sendQueue.ts).
//
// $1: the sends, a JSON array of {o, id, class_id, channel_id, uid, name, email, body, sid,
//     mentions, mention_all, att} (o: position in the batch; sid: the sender's session id, null for
//     callers inside the server; mentions: the uids the body mentions, mention_all: `@channel`;
//     att: the ids of the sender's pending uploads in that channel the message carries — those that
//     are theirs, in that channel and not yet on a message are put on it, the rest are ignored)
// $2: this node's id, $3: the write token (the node fans its own rows out without reading them)
//
// The access rule below is SPEC §4's (`channelVisibleSql`, channels/access.ts, also used by message
// search), as `canSeeChannel` (packages/shared/src/visibility.ts) and
// `requireChannelAccess` (channels/access.ts) apply it: instructors and class admins see every
// channel that is not deleted; students see enabled channels that are public, that they are
// enrolled in, or whose channel_group holds their e-mail. That e-mail ($1's `email`) is the sender's
// `channelGroupEmail`: null until verified, and null matches no group. test/sendQueue.test.ts checks
// the two agree, case by case, verified and not.
//
// Plans: the statement is prepared, so after five runs PostgreSQL keeps one generic plan per
// connection until the tables' statistics change. jsonb_to_recordset is estimated at 100 rows
// whatever the batch, so a plain join to `messages` on the client-made id was planned as a hash join
// over a sequential scan while the table was small — and that cached plan then read the whole,
// growing table on every send until autovacuum's next ANALYZE (a fresh install: bench/README.md).
// The id lookup is therefore a lateral subquery that the planner may not flatten (`offset 0`): one
// primary-key probe per send, whatever the table's size when the plan was made; the attachments a
// send names are claimed by primary key too (`id = any(array(…))`).
//
// Statuses: ok, exists (the id is taken: a retry, or a conflict), session (the session ended),
// no_class (not an active member of a live class), no_channel (no such channel in the class, or
// not visible to the sender), disabled (a visible channel nobody may post in), mention_all
// (`@channel` by someone who is not an instructor of the class: can(role, 'messages.mentionChannel')),
// read_only (a student in a case channel whose phase is groups or closed: docs/phases.md).
//
// Anonymity (docs/activities.md#anonymity): a student's post in the case channel of an anonymous
// activity carries their pseudonym number (messages.pseudonym), so the live path shapes it for
// students without a read. A student's first need of a number hands out the channel's next
// (channels.pseudonym_seq, read from the locked row, so fresh even after waiting for the lock) and
// records it in activity_pseudonyms, in this statement. A number handed out while the statement
// waited for the lock (the student's reaction or cold-call, their send on another node) is kept:
// the insert's conflict on (activity, student) returns it (a number this statement meant to give
// is then skipped, leaving a gap; numbers only need to be unique).
// test/postgres/pseudonym-race-two-nodes.test.ts races them.
//
// A message that mentions people also tells their channel lists to re-read their mention counts
// (`viewer:<uid>`, or the whole class for `@channel`): docs/channels.md#mentions. A student's post
// in a post-first phase tells their own lists to re-read what the phase hides from them (every
// such post, not only the first: the statement does not look for earlier ones; the re-read is of
// the author's lists alone, at most four times a second).

import { channelVisibleSql } from '../channels/access';
import { activeRolesArraySql } from '../classes/access';

/**
 * The kind of the phase in force in the sent-to channel when it is an activity's case channel
 * (docs/phases.md): students may not post in a groups or closed phase (status read_only). One probe
 * of activities_channel_id_idx per send.
 */
const PHASE_KIND_SQL = `(select a.phases -> a.phase_index ->> 'kind' from activities a
      where a.channel_id = i.channel_id and a.class_id = i.class_id and not a.deleted and a.enabled
        and a.phase_state in ('running', 'overtime')
      order by a.phase_started_at desc limit 1 offset 0)`;

/** The payload of one NOTIFY stays below this (PostgreSQL's limit is 8000 bytes). */
const PAYLOAD_LIMIT = 7000;

export const SEND_STATEMENT = `
with input as (
  select * from jsonb_to_recordset($1::jsonb)
    as i(o int, id text, class_id text, channel_id text, uid text, name text, email text, body text, sid text,
      mentions jsonb, mention_all boolean, att jsonb)
),
locked as materialized (
  select c.channel_id, c.class_id, c.last_seq, c.pseudonym_seq, c.enabled, c.deleted, c.is_public, c.channel_group
  from channels c
  where c.channel_id in (select channel_id from input)
  order by c.channel_id
  for update
),
checked as materialized (
  select i.*,
    l.channel_id as found_channel, l.class_id as found_class, l.last_seq, l.pseudonym_seq, l.enabled,
    l.deleted as channel_deleted, l.is_public, l.channel_group,
    (i.sid is null or exists (
      select 1 from sessions s where s.id = i.sid and s.expires_at > now() offset 0)) as session_live,
    ${activeRolesArraySql('i.class_id', 'i.uid')} as roles,
    exists (select 1 from channel_users u where u.channel_id = i.channel_id and u.uid = i.uid
      and u.enabled and not u.deleted offset 0) as enrolled,
    e.author_uid as existing_author, e.channel_id as existing_channel,
    ${PHASE_KIND_SQL} as phase_kind,
    exists (select 1 from classes k where k.class_id = i.class_id and k.archived_at is not null
      offset 0) as archived
  from input i
  left join locked l on l.channel_id = i.channel_id
  left join lateral (
    select m.author_uid, m.channel_id from messages m where m.id = i.id offset 0
  ) e on true
),
decided as (
  select c.*, case
    when not c.session_live then 'session'
    when c.roles is null then 'no_class'
    when c.found_channel is null or c.found_class <> c.class_id or c.channel_deleted then 'no_channel'
    when not ${channelVisibleSql({
      deleted: 'c.channel_deleted',
      enabled: 'c.enabled',
      isPublic: 'c.is_public',
      channelGroup: 'c.channel_group',
      roles: 'c.roles',
      enrolled: 'c.enrolled',
      email: 'c.email',
    })} then 'no_channel'
    when c.existing_author is not null then 'exists'
    when c.archived then 'archived'
    when not c.enabled then 'disabled'
    when c.phase_kind in ('groups', 'closed')
      and not ('instructor' = any(c.roles) or 'admin' = any(c.roles)) then 'read_only'
    when c.mention_all and not ('instructor' = any(c.roles)) then 'mention_all'
    else 'ok' end as status
  from checked c
),
numbered as (
  select d.o, d.id, d.class_id, d.channel_id, d.uid, d.name, d.body, d.mentions, d.mention_all,
    d.last_seq + row_number() over (partition by d.channel_id order by d.o) as seq, d.att,
    d.pseudonym_seq, ('instructor' = any(d.roles) or 'admin' = any(d.roles)) as staff, d.phase_kind
  from decided d
  where d.status = 'ok'
),
anon as materialized (
  select n.o, n.uid, n.channel_id, n.pseudonym_seq, x.activity_id,
    (select p.number from activity_pseudonyms p
      where p.activity_id = x.activity_id and p.uid = n.uid offset 0) as existing
  from numbered n
  join lateral (select a.activity_id from activities a
    where a.channel_id = n.channel_id and a.class_id = n.class_id and a.anonymous and not a.deleted
    order by a.activity_id limit 1 offset 0) x on true
  where not n.staff
),
fresh as materialized (
  select f.activity_id, f.uid, f.channel_id,
    f.pseudonym_seq + row_number() over (partition by f.channel_id order by f.first_o) as number
  from (select activity_id, uid, channel_id, min(pseudonym_seq) as pseudonym_seq, min(o) as first_o
    from anon where existing is null group by activity_id, uid, channel_id) f
),
assigned as (
  -- \`existing\` was read in the statement's snapshot, taken before it waited for the channel's
  -- lock: a number handed out meanwhile (a reaction, a cold-call, another node's send) is not in
  -- it. The key catches it, and the update returns the number the student already has.
  insert into activity_pseudonyms (activity_id, uid, number)
  select activity_id, uid, number from fresh
  on conflict (activity_id, uid) do update set number = activity_pseudonyms.number
  returning activity_id, uid, number
),
wanted as (
  select n.id as message_id, n.uid, n.channel_id, w.id as att_id
  from numbered n cross join jsonb_array_elements_text(coalesce(n.att, '[]'::jsonb)) as w(id)
),
claimed as (
  -- The claim is the update itself, so an upload lands on one message only: two sends naming it in
  -- one batch update its row once (one of them wins), and a send in a concurrent statement (another
  -- node) waits for the row and re-checks message_id is null once the winner commits. The files a
  -- message lists are what this update returned for it, never a read that might be stale.
  update attachments a set message_id = w.message_id
  from wanted w
  where a.id = any(array(select att_id from wanted))
    and a.id = w.att_id and a.uploader_uid = w.uid and a.channel_id = w.channel_id
    and a.message_id is null and a.activity_id is null
  returning a.id, a.message_id, a.name, a.content_type, a.size, a.created_at
),
inserted as (
  insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body, mentions,
    mentions_channel, attachments, version, pseudonym)
  select n.id, n.class_id, n.channel_id, n.seq, n.uid, n.name, n.body,
    array(select jsonb_array_elements_text(coalesce(n.mentions, '[]'::jsonb))),
    coalesce(n.mention_all, false),
    (select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name,
        'type', c.content_type, 'size', c.size) order by c.created_at, c.id), '[]'::jsonb)
      from claimed c where c.message_id = n.id),
    nextval('live_version'),
    (select coalesce(a.existing, s.number) from anon a
      left join assigned s on s.activity_id = a.activity_id and s.uid = a.uid where a.o = n.o)
  from numbered n order by n.channel_id, n.seq
  returning id, class_id, channel_id, seq, created_at, version, attachments, pseudonym
),
bumped as (
  update channels c set last_seq = c.last_seq + n.count, version = nextval('live_version'),
    pseudonym_seq = greatest(c.pseudonym_seq, (select max(s.number) from assigned s
      join fresh f on f.activity_id = s.activity_id and f.uid = s.uid
      where f.channel_id = c.channel_id))
  from (select channel_id, count(*) as count from numbered group by channel_id) n
  where c.channel_id = n.channel_id
  returning c.channel_id
),
notices as (
  select json_build_object('t', 'messages.live', 'k', channel_id,
      'i', json_agg(id order by seq), 'v', max(version)) as n
    from inserted group by channel_id
  union all
  select json_build_object('t', 'channels.live', 'k', class_id, 'i', json_agg(channel_id)) as n
    from (select distinct class_id, channel_id from inserted) touched group by class_id
  union all
  select json_build_object('t', 'channels.live', 'k', 'viewer:' || uid, 'i', null) as n
    from (select distinct jsonb_array_elements_text(coalesce(mentions, '[]'::jsonb)) as uid
      from numbered where not coalesce(mention_all, false)) mentioned
  union all
  select json_build_object('t', 'channels.live', 'k', class_id, 'i', null) as n
    from (select distinct class_id from numbered where mention_all) everyone
  union all
  -- A student's post in a post-first phase shows them their classmates' posts: their lists re-read
  -- what is hidden from them (docs/phases.md#unread-counts).
  select json_build_object('t', 'channels.live', 'k', 'viewer:' || uid, 'i', null) as n
    from (select distinct uid from numbered
      where phase_kind = 'individual_post_first' and not staff) revealed
),
payload as (
  select json_build_object('n', $2::text, 'w', $3::int, 'l', json_agg(n))::text as p from notices
),
sent as (
  select pg_notify('seminar_live', p) from payload
    where p is not null and octet_length(p) <= ${PAYLOAD_LIMIT}
  union all
  select pg_notify('seminar_live', json_build_object('n', $2::text, 'w', $3::int,
      'l', json_build_array(n))::text)
    from notices where (select octet_length(p) from payload) > ${PAYLOAD_LIMIT}
)
select d.o, d.status, d.phase_kind, ins.seq, ins.created_at, ins.version, ins.attachments,
  ins.pseudonym, (select count(*) from assigned) as pseudonyms_assigned, d.existing_author,
  d.existing_channel, (select count(*) from sent) as notified, (select count(*) from bumped) as channels,
  (select count(*) from claimed) as claimed
from decided d
left join inserted ins on ins.id = d.id
order by d.o`;
