// Docs: docs/channels.md#attachments — attachment rows: stored, counted, found for a reader. A row
// holds its bytes (the database store) or names an object in the S3-compatible store (object_key).
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cleanAttachmentName, sniffAttachmentType, type MessageAttachment } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { canSeeActivity } from '../activities/access';
import { requireChannelAccess } from '../channels/access';
import { isHiddenByPhase } from '../messages/phaseAccess';
import type { Db } from '../db/client';
import { attachmentDeletions, attachments, messages } from '../db/schema';
import type { Tx } from '../live/commands';

import { ObjectStoreError, type S3ObjectStore } from './s3';
import { isNotFound } from '../errors';

/**
 * A pending upload: on no message and no case brief (docs/activities.md). (The partial index
 * `attachments_pending_idx` is on `message_id is null`, a superset, so it still serves these.)
 */
const pendingWhere = () => [isNull(attachments.message_id), isNull(attachments.activity_id)];

/** An upload no message has taken within this long is dropped (at its uploader's next upload). */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/** Objects retried per drain of the deletion queue (at each upload). */
const DRAIN_BATCH = 20;

/**
 * Queues the object keys of attachment rows being deleted, in the same transaction, so the objects
 * are deleted even if the store fails or the node stops before it is asked. Returns the keys.
 */
export async function queueObjectDeletions(
  tx: Db | Tx,
  keys: ReadonlyArray<string | null>,
): Promise<string[]> {
  const present = keys.filter((key): key is string => key !== null);
  if (present.length > 0) {
    await tx
      .insert(attachmentDeletions)
      .values(present.map((key) => ({ object_key: key })))
      .onConflictDoNothing();
  }
  return present;
}

/**
 * Deletes queued objects from the store — `keys` (just queued), or else the oldest waiting ones —
 * and takes each deleted one off the queue. A failure is logged and left queued: the next drain
 * (at any node's next upload) tries again. Without a store configured the keys wait for one.
 */
export async function drainObjectDeletions(
  db: Db,
  objects: S3ObjectStore | null,
  log: FastifyBaseLogger,
  keys?: readonly string[],
): Promise<void> {
  if (!objects) return;
  const todo =
    keys ??
    (
      await db
        .select({ key: attachmentDeletions.object_key })
        .from(attachmentDeletions)
        .orderBy(attachmentDeletions.created_at)
        .limit(DRAIN_BATCH)
    ).map((row) => row.key);
  await Promise.all(
    todo.map(async (key) => {
      try {
        await objects.delete(key);
        await db.delete(attachmentDeletions).where(eq(attachmentDeletions.object_key, key));
      } catch (error) {
        log.warn({ key, err: error }, 'attachment object not deleted yet (queued for a retry)');
      }
    }),
  );
}

/**
 * Drops `uid`'s expired pending uploads (and their objects), retries queued object deletions, and
 * counts the uploads `uid` still has pending.
 */
export async function pendingUploads(
  db: Db,
  uid: string,
  objects: S3ObjectStore | null,
  log: FastifyBaseLogger,
): Promise<number> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(attachments)
      .where(
        and(
          eq(attachments.uploader_uid, uid),
          ...pendingWhere(),
          lt(attachments.created_at, new Date(Date.now() - PENDING_TTL_MS)),
          // An archived class's rows are read-only (its archive guard would refuse the delete):
          // an upload left pending there waits until the class is unarchived.
          sql`not exists (select 1 from classes k where k.class_id = ${attachments.class_id} and k.archived_at is not null)`,
        ),
      )
      .returning({ key: attachments.object_key });
    return queueObjectDeletions(
      tx,
      gone.map((row) => row.key),
    );
  });
  // These and any whose deletion failed before (here or with a message, on any node), oldest first,
  // in the background: a slow store must not hold the upload.
  if (objects) void drainObjectDeletions(db, objects, log);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.uploader_uid, uid), ...pendingWhere()));
  return Number(row?.count ?? 0);
}

/** An upload refused because its uploader already holds the most pending uploads allowed. */
export class PendingLimitError extends Error {
  constructor() {
    super('Too many pending uploads.');
    this.name = 'PendingLimitError';
  }
}

/**
 * Writes an upload's row if its uploader holds fewer than `maxPending` pending uploads: the count and
 * the insert run in one transaction holding a lock per uploader (an advisory lock on a hash of the
 * uid, released at commit), so uploads racing on any nodes are counted one after another and never
 * get past the limit together. The check before the body is read stays as the early refusal.
 * @throws PendingLimitError when there is no room.
 */
async function insertWithinPendingLimit(
  db: Db,
  row: typeof attachments.$inferInsert,
  maxPending: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`attachments.pending:${row.uploader_uid}`}, 0))`,
    );
    const [pending] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(attachments)
      .where(and(eq(attachments.uploader_uid, row.uploader_uid), ...pendingWhere()));
    if (Number(pending?.count ?? 0) >= maxPending) throw new PendingLimitError();
    await tx.insert(attachments).values(row);
  });
}

/**
 * Stores an upload, pending until a message takes it; its type is judged from its bytes first. With
 * an object store the object is put before the row is written, so a row never names a missing
 * object; when the store fails or the row is refused nothing is kept (an object put but not
 * recorded is deleted again).
 * @throws ObjectStoreError when the object store cannot take the file.
 * @throws PendingLimitError when the uploader already holds `maxPending` pending uploads.
 */
export async function storeUpload(
  db: Db,
  objects: S3ObjectStore | null,
  uploader: SessionUser,
  place: { classId: string; channelId: string },
  file: { name: string; data: Buffer },
  maxPending: number,
): Promise<MessageAttachment> {
  const { name, data } = file;
  const id = `att_${randomBytes(16).toString('base64url')}`;
  const type = sniffAttachmentType(data);
  const row = {
    id,
    class_id: place.classId,
    channel_id: place.channelId,
    uploader_uid: uploader.uid,
    name: cleanAttachmentName(name),
    content_type: type,
    size: data.length,
    data: objects ? null : data,
    object_key: objects ? `attachments/${place.classId}/${id}` : null,
  };
  if (objects && row.object_key) {
    try {
      await objects.put(row.object_key, data, type);
    } catch (error) {
      // A PUT cut off mid-way may have left something: take it back if the store answers.
      await objects.delete(row.object_key).catch(() => undefined);
      throw error;
    }
    try {
      await insertWithinPendingLimit(db, row, maxPending);
    } catch (error) {
      await objects.delete(row.object_key).catch(() => undefined);
      throw error;
    }
  } else {
    await insertWithinPendingLimit(db, row, maxPending);
  }
  return { id: row.id, name: row.name, type: row.content_type, size: row.size };
}

/** What serving a file needs, without its bytes. */
export interface AttachmentMeta {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

/**
 * The attachment `id` if `viewer` may read it, else null — the same null for one that does not
 * exist: a pending upload only to its uploader, one on a message to whoever sees its channel.
 */
export async function readableAttachment(
  db: Db,
  viewer: SessionUser,
  id: string,
): Promise<AttachmentMeta | null> {
  const [row] = await db
    .select({
      id: attachments.id,
      name: attachments.name,
      content_type: attachments.content_type,
      size: attachments.size,
      class_id: attachments.class_id,
      channel_id: attachments.channel_id,
      uploader_uid: attachments.uploader_uid,
      message_id: attachments.message_id,
      message_deleted: messages.deleted,
      activity_id: attachments.activity_id,
    })
    .from(attachments)
    .leftJoin(messages, eq(messages.id, attachments.message_id))
    .where(eq(attachments.id, id));
  if (!row) return null;
  // A case brief's file: to whoever sees the activity (docs/activities.md).
  if (row.activity_id !== null)
    return (await canSeeActivity(db, viewer, row.class_id, row.activity_id)) ? row : null;
  if (row.message_id === null) return row.uploader_uid === viewer.uid ? row : null;
  if (row.message_deleted !== false) return null;
  try {
    const access = await requireChannelAccess(db, viewer, row.class_id, row.channel_id);
    // A file on a post a phase hides from the viewer (docs/phases.md) is not there for them.
    if (await isHiddenByPhase(db, viewer, access.role, row.message_id)) return null;
    return row;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** An attachment's bytes: in memory (the database store) or streamed from the object store. */
export type AttachmentBody = { data: Buffer } | { stream: Readable; length: number | null };

/**
 * The bytes of an attachment, or null when there are none (the row or the object is gone).
 * @throws ObjectStoreError when the object store is unreachable or not configured any more.
 */
export async function attachmentBody(
  db: Db,
  objects: S3ObjectStore | null,
  id: string,
): Promise<AttachmentBody | null> {
  const [row] = await db
    .select({ data: attachments.data, key: attachments.object_key })
    .from(attachments)
    .where(eq(attachments.id, id));
  if (!row) return null;
  if (row.key === null) return row.data ? { data: row.data } : null;
  if (!objects) throw new ObjectStoreError('The file is in the S3 store, which is not configured.');
  return objects.get(row.key);
}
