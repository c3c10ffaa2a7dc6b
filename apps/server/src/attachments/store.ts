// Docs: docs/channels.md#attachments — attachment rows: stored, counted, found for a reader.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { cleanAttachmentName, sniffAttachmentType, type MessageAttachment } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { attachments, messages } from '../db/schema';
import { isNotFound } from '../live/trpc';

/** An upload no message has taken within this long is dropped (at its uploader's next upload). */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/** Drops `uid`'s expired pending uploads and counts the rest. */
export async function pendingUploads(db: Db, uid: string): Promise<number> {
  await db
    .delete(attachments)
    .where(
      and(
        eq(attachments.uploader_uid, uid),
        isNull(attachments.message_id),
        lt(attachments.created_at, new Date(Date.now() - PENDING_TTL_MS)),
      ),
    );
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.uploader_uid, uid), isNull(attachments.message_id)));
  return Number(row?.count ?? 0);
}

/** Stores an upload, pending until a message takes it; its type is judged from its bytes. */
export async function storeUpload(
  db: Db,
  uploader: SessionUser,
  place: { classId: string; channelId: string },
  name: string,
  data: Buffer,
): Promise<MessageAttachment> {
  const row = {
    id: `att_${randomBytes(16).toString('base64url')}`,
    class_id: place.classId,
    channel_id: place.channelId,
    uploader_uid: uploader.uid,
    name: cleanAttachmentName(name),
    content_type: sniffAttachmentType(data),
    size: data.length,
    data,
  };
  await db.insert(attachments).values(row);
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
    })
    .from(attachments)
    .leftJoin(messages, eq(messages.id, attachments.message_id))
    .where(eq(attachments.id, id));
  if (!row) return null;
  if (row.message_id === null) return row.uploader_uid === viewer.uid ? row : null;
  if (row.message_deleted !== false) return null;
  try {
    await requireChannelAccess(db, viewer, row.class_id, row.channel_id);
    return row;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The bytes of an attachment. */
export async function attachmentData(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: attachments.data })
    .from(attachments)
    .where(eq(attachments.id, id));
  return row?.data ?? null;
}
