// Docs: docs/classes.md#invitations — the mail an invitee gets, and "Resend".
//
// Mails go out after the invitation is committed, one at a time per node in the background (an
// "Add people" of 500 addresses does not hold the request), and at most one per invitation per
// RESEND_INTERVAL_MS per node: re-adding or resending sooner is refused, so an instructor's account
// cannot be turned into a mail cannon against one address.
import { and, eq } from 'drizzle-orm';
import { displayName, normalizeEmail, type Role } from '@seminar/shared';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classes, classInvitations } from '../db/schema';
import { notFound } from '../live/trpc';
import type { Mail, Mailer } from '../mail/mailer';
import type { Services } from '../runtime';
import { requireMemberManager } from './memberCommands';

/** One invitation mail per invitation per this long (per node). */
export const RESEND_INTERVAL_MS = 10 * 60_000;

/** The clock of the resend interval (tests move it forward instead of waiting ten minutes). */
export const invitationClock = { now: (): number => Date.now() };

const ROLE_WORDS: Record<Role, string> = {
  student: 'a student',
  instructor: 'an instructor',
  admin: 'a class admin',
};

/** The invitation mail: the class, who invited them, the role, and a sign-up link with the address. */
export function invitationMail(input: {
  to: string;
  className: string;
  inviterName: string;
  role: Role;
  appName: string;
  publicUrl: string;
}): Mail {
  const link = `${input.publicUrl}/sign-up?email=${encodeURIComponent(input.to)}`;
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.className} on ${input.appName}`,
    text: [
      `${input.inviterName} added you to the class “${input.className}” on ${input.appName} as ${ROLE_WORDS[input.role]}.`,
      '',
      `Create your account with this address to join: ${link}`,
      '',
      'You join the class as soon as the account is made. If you did not expect this, ignore this mail.',
    ].join('\n'),
  };
}

/** Sends invitation mails in the background, one at a time, and remembers when each went. */
class InvitationPost {
  readonly #sentAt = new Map<string, number>();
  readonly #queue: Mail[] = [];
  #running = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes the slot of one invitation's mail; false when one went less than the interval ago. */
  claim(key: string, now = invitationClock.now()): boolean {
    const last = this.#sentAt.get(key);
    if (last !== undefined && now - last < RESEND_INTERVAL_MS) return false;
    if (this.#sentAt.size > 10_000)
      for (const [old, at] of this.#sentAt)
        if (now - at >= RESEND_INTERVAL_MS) this.#sentAt.delete(old);
    this.#sentAt.set(key, now);
    return true;
  }

  /** When the next mail for `key` may go (ms since the epoch). */
  nextAt(key: string): number {
    return (this.#sentAt.get(key) ?? 0) + RESEND_INTERVAL_MS;
  }

  enqueue(mails: Mail[]): void {
    this.#queue.push(...mails);
    if (!this.#running) void this.#drain();
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      for (let mail = this.#queue.shift(); mail; mail = this.#queue.shift()) {
        try {
          await this.mailer.send(mail);
        } catch (error) {
          this.log.error({ err: error, to: mail.to }, 'invitation mail failed');
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

const posts = new WeakMap<Mailer, InvitationPost>();

function postOf(services: Services): InvitationPost {
  let post = posts.get(services.mailer);
  if (!post) {
    post = new InvitationPost(services.mailer, services.hub.log);
    posts.set(services.mailer, post);
  }
  return post;
}

const slotKey = (classId: string, role: Role, email: string) =>
  `${classId}\u0000${role}\u0000${email}`;

/** Mails the people just invited to a class (after the invitations were committed). */
export async function invitationsMailer(
  services: Services,
  viewer: SessionUser,
  classId: string,
  role: Role,
  emails: readonly string[],
): Promise<void> {
  const post = postOf(services);
  const due = emails.filter((email) => post.claim(slotKey(classId, role, email)));
  await queueInvitationMails(services, viewer, classId, role, due);
}

/** "Resend": mails a pending invitation again (not sooner than RESEND_INTERVAL_MS after the last). */
export async function invitationResender(
  services: Services,
  viewer: SessionUser,
  ref: { class_id: string; email: string; role: Role },
): Promise<void> {
  const db: Db = services.database.db;
  await requireMemberManager(db, viewer, ref.class_id, 'add', ref.role);
  const email = normalizeEmail(ref.email);
  const [invitation] = await db
    .select({ email: classInvitations.email })
    .from(classInvitations)
    .where(
      and(
        eq(classInvitations.class_id, ref.class_id),
        eq(classInvitations.email, email),
        eq(classInvitations.role, ref.role),
        eq(classInvitations.deleted, false),
      ),
    );
  if (!invitation) throw notFound('Invitation');
  const post = postOf(services);
  const key = slotKey(ref.class_id, ref.role, email);
  if (!post.claim(key)) {
    const minutes = Math.max(1, Math.ceil((post.nextAt(key) - invitationClock.now()) / 60_000));
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `An invitation went to ${email} a moment ago. You can send it again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    });
  }
  await queueInvitationMails(services, viewer, ref.class_id, ref.role, [email]);
}

/** Queues the mails of invitations whose slots were claimed. */
async function queueInvitationMails(
  services: Services,
  viewer: SessionUser,
  classId: string,
  role: Role,
  emails: readonly string[],
): Promise<void> {
  if (emails.length === 0) return;
  const [cls] = await services.database.db
    .select({ name: classes.name })
    .from(classes)
    .where(eq(classes.class_id, classId));
  if (!cls) return;
  postOf(services).enqueue(
    emails.map((to) =>
      invitationMail({
        to,
        className: cls.name,
        inviterName: displayName(viewer.displayName),
        role,
        appName: services.config.appName,
        publicUrl: services.config.publicUrl,
      }),
    ),
  );
}
