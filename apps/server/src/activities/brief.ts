// Docs: docs/activities.md#case-brief-and-pins — an activity's case brief: markdown as in messages and
// files through the attachment store, written by instructors and class admins, read by whoever sees
// the activity (it rides on the activity's row, so `activities.live` carries it live).
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Activity, type BriefInput, type MessageAttachment } from '@seminar/shared';
import { drainObjectDeletions, queueObjectDeletions } from '../attachments/store';
import type { S3ObjectStore } from '../attachments/s3';
import type { SessionUser } from '../auth/session';
import { requireAllowed } from '../classes/policies';
import type { Db } from '../db/client';
import { activities, attachments } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';

import { activitiesTopic } from './live';
import { presentActivity } from './presenters';
import { DomainError, notFound } from '../errors';

const badRequest = (message: string) => new DomainError({ code: 'BAD_REQUEST', message });

/**
 * Writes an activity's brief (an empty body and no files removes it). New files are the writer's
 * pending uploads in the activity's case channel, claimed here; files left out are deleted. Any file
 * that cannot be claimed refuses the whole write: nothing changes.
 */
export async function briefSaver(
  db: Db,
  viewer: SessionUser,
  input: BriefInput,
  files: { objects: S3ObjectStore | null; log: FastifyBaseLogger },
): Promise<Activity> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  const wanted = [...new Set(input.attachment_ids)];
  let objectKeys: string[] = [];
  const saved = await runCommand(db, async ({ tx, announce }) => {
    const [current] = await tx
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .for('update');
    if (!current) throw notFound('Activity');
    const had = new Map(current.brief_attachments.map((file) => [file.id, file]));
    const fresh = wanted.filter((id) => !had.has(id));
    if (fresh.length > 0 && !current.channel_id)
      throw badRequest('Give the activity a case channel before attaching files to its brief.');
    const claimed =
      fresh.length === 0
        ? []
        : await tx
            .update(attachments)
            .set({ activity_id: current.activity_id })
            .where(
              and(
                inArray(attachments.id, fresh),
                eq(attachments.uploader_uid, viewer.uid),
                eq(attachments.channel_id, current.channel_id ?? ''),
                isNull(attachments.message_id),
                isNull(attachments.activity_id),
              ),
            )
            .returning();
    if (claimed.length !== fresh.length)
      throw badRequest(
        'A file of the brief is not one of your uploads in its case channel. Attach it again.',
      );
    const byId = new Map<string, MessageAttachment>(had);
    for (const file of claimed)
      byId.set(file.id, {
        id: file.id,
        name: file.name,
        type: file.content_type,
        size: file.size,
      });
    const dropped = current.brief_attachments.filter((file) => !wanted.includes(file.id));
    if (dropped.length > 0) {
      const gone = await tx
        .delete(attachments)
        .where(
          and(
            inArray(
              attachments.id,
              dropped.map((file) => file.id),
            ),
            eq(attachments.activity_id, current.activity_id),
          ),
        )
        .returning({ key: attachments.object_key });
      objectKeys = await queueObjectDeletions(
        tx,
        gone.map((file) => file.key),
      );
    }
    const [row] = await tx
      .update(activities)
      .set({
        brief: input.body,
        brief_attachments: wanted.flatMap((id) => byId.get(id) ?? []),
        ...auditFields(viewer),
        version: nextVersion,
      })
      .where(eq(activities.activity_id, current.activity_id))
      .returning();
    if (!row) throw notFound('Activity');
    announce({ topic: activitiesTopic, key: input.class_id, ids: [row.activity_id] });
    return presentActivity(row);
  });
  if (objectKeys.length > 0) void drainObjectDeletions(db, files.objects, files.log, objectKeys);
  return saved;
}
