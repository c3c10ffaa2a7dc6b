// Docs: docs/phases.md#enforcement — one message as a viewer may reach it: its channel's access,
// then the phase. Apart from commands.ts so that what acts on a message (pins) reads it the same
// way without importing the message commands, which unpin a deleted message.
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import { requireChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { messages } from '../db/schema';
import { isNotFound, notFound } from '../errors';
import { isHiddenByPhase } from './phaseAccess';

/**
 * The message with `id` and the viewer's access to its channel, or "Message not found." — the same
 * answer whether no message has the id or it is in a class or channel the viewer cannot see (the
 * input names no class, so the answer must not say "Class not found." for one and not the other).
 */
export async function requireVisibleMessage(db: Db, viewer: SessionUser, id: string) {
  const [current] = await db.select().from(messages).where(eq(messages.id, id));
  if (!current) throw notFound('Message');
  let access;
  try {
    access = await requireChannelAccess(db, viewer, current.class_id, current.channel_id);
  } catch (error) {
    throw isNotFound(error) ? notFound('Message') : error;
  }
  // A post a phase hides from the viewer (docs/phases.md) is not there for them either.
  if (await isHiddenByPhase(db, viewer, access.role, id)) throw notFound('Message');
  return { current, access };
}
