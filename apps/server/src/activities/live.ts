// Docs: docs/classes.md#activities — SPEC §7 "Activities": a class's activities under SPEC §5's
// listing rules (students: enabled only; instructors and class admins: also disabled).
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { documentIdSchema, isListed, type Activity } from '@seminar/shared';
import type { ClassAccess } from '../classes/access';
import { activities } from '../db/schema';
import type { CollectionTopic } from '../live/topic';
import { presentActivity } from './presenters';
import { classScoped } from '../channels/topicScopes';

export const activitiesTopic: CollectionTopic<{ class_id: string }, Activity, ClassAccess> = {
  name: 'activities.live',
  kind: 'collection',
  input: z.object({ class_id: documentIdSchema }),
  ...classScoped,
  async snapshot(services, viewer, input, access) {
    const rows = await services.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.class_id, input.class_id), eq(activities.deleted, false)));
    return rows.map(presentActivity).filter((row) => activitiesTopic.visible(row, viewer, access));
  },
  async load(services, key, ids) {
    const rows = await services.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.class_id, key), inArray(activities.activity_id, ids)));
    return rows.map(presentActivity);
  },
  visible: (row, _viewer, access) => !row.pending_deleted && isListed(row, access.role),
  id: (row) => row.activity_id,
};
