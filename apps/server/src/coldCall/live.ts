// Docs: docs/polls.md#cold-call — the live spotlight of a channel (its banner), and the viewer's
// own spotlights in a class (what notifies the picked student, whichever channel they have open).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  mySpotlightsInputSchema,
  spotlightClearInputSchema,
  type SpotlightView,
} from '@seminar/shared';
import type { ChannelAccess } from '../channels/access';
import { requireClassAccess, type ClassAccess } from '../classes/access';
import type { Db } from '../db/client';
import { spotlights, users } from '../db/schema';
import type { Tx } from '../live/commands';
import type { CollectionTopic } from '../live/topic';
import { presentSpotlight, type LoadedSpotlight } from './presenters';
import { channelScoped } from '../channels/topicScopes';

/** Spotlights by channel id (cleared ones too: a clear is a change), or those of one student. */
export async function loadSpotlights(
  db: Db | Tx,
  where: { channelIds?: readonly string[]; classId?: string; uid?: string; activeOnly?: boolean },
): Promise<LoadedSpotlight[]> {
  const rows = await db
    .select({
      spotlight: spotlights,
      name: users.name,
      // Docs: docs/activities.md#anonymity — the channel's anonymous activity and the student's
      // pseudonym in it, read with the row (per change, not per delivery).
      anonymous_activity_id: sql<string | null>`(select a.activity_id from activities a
        where a.channel_id = ${spotlights.channel_id} and a.anonymous
        order by a.activity_id limit 1)`,
      pseudonym: sql<number | null>`(select p.number from activity_pseudonyms p
        join activities a on a.activity_id = p.activity_id
        where a.channel_id = ${spotlights.channel_id} and a.anonymous and p.uid = ${spotlights.uid}
        order by a.activity_id limit 1)`,
    })
    .from(spotlights)
    .leftJoin(users, eq(users.id, spotlights.uid))
    .where(
      and(
        where.channelIds ? inArray(spotlights.channel_id, [...where.channelIds]) : undefined,
        where.classId ? eq(spotlights.class_id, where.classId) : undefined,
        where.uid ? eq(spotlights.uid, where.uid) : undefined,
        where.activeOnly ? isNull(spotlights.cleared_at) : undefined,
      ),
    );
  return rows.map(({ spotlight, name, anonymous_activity_id, pseudonym }) => ({
    ...spotlight,
    name: name ?? '',
    anonymous_activity_id,
    pseudonym: pseudonym === null ? null : Number(pseudonym),
  }));
}

/** The notice key of one person's spotlights (the migration's trigger uses the same). */
export const mySpotlightsKey = (uid: string) => `coldcall:${uid}`;

type ChannelInput = { class_id: string; channel_id: string };

/** A channel's spotlight, live: its banner. */
export const spotlightTopic: CollectionTopic<
  ChannelInput,
  LoadedSpotlight,
  ChannelAccess,
  ChannelInput,
  SpotlightView
> = {
  name: 'coldCall.live',
  kind: 'collection',
  input: spotlightClearInputSchema,
  ...channelScoped,
  snapshot: (services, _viewer, input) =>
    loadSpotlights(services.database.db, { channelIds: [input.channel_id], activeOnly: true }),
  load: (services, key) => loadSpotlights(services.database.db, { channelIds: [key] }),
  visible: (row) => row.cleared_at === null,
  present: (row, viewer, access) =>
    presentSpotlight(row, {
      uid: viewer.uid,
      staff: access.role === 'instructor' || access.role === 'admin',
    }),
  id: (row) => row.channel_id,
};

/** The viewer's own spotlights in a class, live: the web notifies them of a new one. */
export const mySpotlightsTopic: CollectionTopic<
  { class_id: string },
  LoadedSpotlight,
  ClassAccess,
  { class_id: string },
  SpotlightView
> = {
  name: 'coldCall.mine',
  kind: 'collection',
  input: mySpotlightsInputSchema,
  key: (_input, viewer) => mySpotlightsKey(viewer.uid),
  access: (services, viewer, input) =>
    requireClassAccess(services.database.db, viewer.uid, input.class_id),
  classOf: (access) => access.classId,
  snapshot: (services, viewer, input) =>
    loadSpotlights(services.database.db, {
      classId: input.class_id,
      uid: viewer.uid,
      activeOnly: true,
    }),
  load: (services, key, ids) =>
    loadSpotlights(services.database.db, {
      channelIds: ids,
      uid: key.slice(mySpotlightsKey('').length),
    }),
  visible: (row, viewer, access) =>
    row.cleared_at === null && row.uid === viewer.uid && row.class_id === access.classId,
  present: (row) => presentSpotlight(row),
  id: (row) => row.channel_id,
};
