// Docs: docs/accounts.md#disabling-a-user — the one write path for disabling and enabling users.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { runCommand } from '../live/commands';
import { userDisabledSignal } from '../live/signals';

/**
 * Disables or enables a user. Disabling ends every session of the user at once, in the same
 * transaction, so no request after the commit sees a live session, and closes their live sockets.
 * @returns false when there is no such user.
 */
export async function userDisabledSetter(db: Db, uid: string, disabled: boolean): Promise<boolean> {
  return runCommand(db, async ({ tx, announce }) => {
    const updated = await tx
      .update(users)
      .set({ disabled, updatedAt: new Date() })
      .where(eq(users.id, uid))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, uid));
      // Every node closes this user's live sockets when this commits.
      announce({ topic: userDisabledSignal, key: uid, ids: null });
    }
    return true;
  });
}
