// Docs: docs/classes.md#invitations — the mail an invitee gets, and "Resend".
//
// Mails go out after the invitation is committed, one at a time per node in the background (an
// "Add people" of 500 addresses does not hold the request), and at most one per invitation per
// RESEND_INTERVAL_MS per node: re-adding or resending sooner is refused, so an instructor's account
// cannot be turned into a mail cannon against one address. Nor against many: one inviter's mails per
// hour, the remembered send times and the queue of unsent mails are capped per node
// (`invitationLimits`); what a cap holds back is reported as not mailed, never silently dropped.
import { and, eq, inArray } from 'drizzle-orm';
import { countOf, displayName, normalizeEmail, type Role } from '@seminar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classes, classInvitations, users } from '../db/schema';

import type { Mail, Mailer } from '../mail/mailer';
import type { Services } from '../services';
import { takeInvitationMails } from './invitationBudget';
import { requireMemberManager } from './memberCommands';
import { requireVerifiedSender } from './policies';
import { DomainError, notFound } from '../errors';

/** One invitation mail per invitation per this long (per node). */
export const RESEND_INTERVAL_MS = 10 * 60_000;

/** The clock of the resend interval (tests move it forward instead of waiting ten minutes). */
export const invitationClock = { now: (): number => Date.now() };

/** Per-node caps on invitation mail (tests lower them). */
export const invitationLimits = {
  /** Invitation mails one inviter may cause per hour ("Add people" of a large class fits). */
  perInviterPerHour: 600,
  /** Invitations whose last mail time is remembered (the resend interval's memory). */
  remembered: 50_000,
  /** Mails waiting to be sent. */
  queued: 5_000,
};

const HOUR_MS = 60 * 60_000;

const ROLE_WORDS: Record<Role, string> = {
  student: 'a student',
  instructor: 'an instructor',
  admin: 'a class admin',
};

/**
 * The invitation mail: the class, who invited them, the role, and a link with the address — to
 * sign-up, or, when an account with the address exists but has not confirmed it, to sign-in (where
 * signing in asks for the code that confirms it) and to the password reset for whoever made that
 * account without knowing the address's owner's password.
 */
export function invitationMail(input: {
  to: string;
  className: string;
  inviterName: string;
  role: Role;
  appName: string;
  publicUrl: string;
  /** An account with this address exists (unverified: a verified one is added at once). */
  hasAccount: boolean;
}): Mail {
  const query = `?email=${encodeURIComponent(input.to)}`;
  const join = input.hasAccount
    ? [
        `An account with this address already exists. Sign in and confirm the address with the code we mail you to join: ${input.publicUrl}/sign-in${query}`,
        '',
        `If you do not know its password, set a new one: ${input.publicUrl}/forgot-password${query}`,
        '',
        'You join the class as soon as the address is confirmed. If you did not expect this, ignore this mail.',
      ]
    : [
        `Create your account with this address to join: ${input.publicUrl}/sign-up${query}`,
        '',
        'You join the class once you have made the account and entered the code we mail you to confirm the address. If you did not expect this, ignore this mail.',
      ];
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${subjectClassName(input.className)} on ${input.appName}`,
    text: [
      `${input.inviterName} added you to the class “${input.className}” on ${input.appName} as ${ROLE_WORDS[input.role]}.`,
      '',
      ...join,
    ].join('\n'),
  };
}

/** The longest class name a subject carries, in characters (the whole name is in the text). */
export const SUBJECT_CLASS_NAME_MAX_LENGTH = 60;

/**
 * A class name as an invitation's subject shows it: on one line, cut to
 * SUBJECT_CLASS_NAME_MAX_LENGTH (never inside a surrogate pair) and quoted, so a name its creator
 * chose reads as a name, not as the mail's own words ("Your account is suspended, sign in at…").
 * Single ASCII quotes: typographic or double ones make mailers encode the whole subject.
 */
export function subjectClassName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const oneLine = name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  const chars = Array.from(oneLine);
  const cut =
    chars.length > SUBJECT_CLASS_NAME_MAX_LENGTH
      ? `${chars
          .slice(0, SUBJECT_CLASS_NAME_MAX_LENGTH - 1)
          .join('')
          .trimEnd()}…`
      : oneLine;
  return `'${cut}'`;
}

/** Why a mail was not sent: too soon for that invitation, or a per-node cap was reached. */
type Refusal = 'too-soon' | 'capped';

/** Sends invitation mails in the background, one at a time, and remembers when each went. */
class InvitationPost {
  readonly #sentAt = new Map<string, number>();
  /** Per inviter: the start of their current hour and the mails counted in it. */
  readonly #byInviter = new Map<string, { since: number; count: number }>();
  readonly #queue: Mail[] = [];
  #running = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Takes the slots of invitation mails for `keys` on behalf of `inviter`, in order: the keys it
   * may mail now, and why each other one may not.
   */
  claim(
    inviter: string,
    keys: readonly string[],
    now = invitationClock.now(),
  ): { granted: string[]; refused: Map<string, Refusal> } {
    const granted: string[] = [];
    const refused = new Map<string, Refusal>();
    const budget = this.#budget(inviter, now);
    for (const key of keys) {
      const last = this.#sentAt.get(key);
      if (last !== undefined && now - last < RESEND_INTERVAL_MS) refused.set(key, 'too-soon');
      else if (
        budget.count >= invitationLimits.perInviterPerHour ||
        this.#queue.length + granted.length >= invitationLimits.queued ||
        !this.#roomFor(key, now)
      )
        refused.set(key, 'capped');
      else {
        this.#sentAt.set(key, now);
        budget.count += 1;
        granted.push(key);
      }
    }
    return { granted, refused };
  }

  /**
   * Gives back slots `claim` granted whose mails will not go after all (the account's daily cap,
   * counted in the database, was reached): they count neither for the interval nor the hour.
   */
  release(inviter: string, keys: readonly string[]): void {
    const budget = this.#byInviter.get(inviter);
    for (const key of keys) {
      if (this.#sentAt.delete(key) && budget) budget.count = Math.max(0, budget.count - 1);
    }
  }

  /** When the next mail for `key` may go (ms since the epoch). */
  nextAt(key: string): number {
    return (this.#sentAt.get(key) ?? 0) + RESEND_INTERVAL_MS;
  }

  enqueue(mails: Mail[]): void {
    this.#queue.push(...mails);
    if (!this.#running) void this.#drain();
  }

  /** The inviter's count for the current hour (entries of past hours are dropped when full). */
  #budget(inviter: string, now: number): { since: number; count: number } {
    let budget = this.#byInviter.get(inviter);
    if (!budget || now - budget.since >= HOUR_MS) {
      if (this.#byInviter.size >= invitationLimits.remembered)
        for (const [uid, old] of this.#byInviter)
          if (now - old.since >= HOUR_MS) this.#byInviter.delete(uid);
      budget = { since: now, count: 0 };
      // Full of inviters active this hour: counted, but not remembered (each call starts at 0,
      // still bounded by the queue).
      if (this.#byInviter.size < invitationLimits.remembered) this.#byInviter.set(inviter, budget);
    }
    return budget;
  }

  /** Whether `key`'s send time can be remembered (expired entries are dropped when full). */
  #roomFor(key: string, now: number): boolean {
    if (this.#sentAt.has(key) || this.#sentAt.size < invitationLimits.remembered) return true;
    for (const [old, at] of this.#sentAt)
      if (now - at >= RESEND_INTERVAL_MS) this.#sentAt.delete(old);
    return this.#sentAt.size < invitationLimits.remembered;
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

/**
 * Mails the people just invited to a class (after the invitations were committed). Returns the
 * addresses not mailed because a per-node cap was reached (their invitations stand; "Resend" later).
 */
export async function invitationsMailer(
  services: Services,
  viewer: SessionUser,
  classId: string,
  role: Role,
  emails: readonly string[],
): Promise<string[]> {
  const post = postOf(services);
  const keys = emails.map((email) => slotKey(classId, role, email));
  const { granted: claimed, refused } = post.claim(viewer.uid, keys);
  // The account's daily allowance, shared by every node: what it does not cover is not mailed.
  const allowed = await takeInvitationMails(
    services.database.db,
    viewer.uid,
    claimed.length,
    services.config.invitationMailsPerDay,
  );
  const granted = claimed.slice(0, allowed);
  const overDaily = claimed.slice(allowed);
  post.release(viewer.uid, overDaily);
  for (const key of overDaily) refused.set(key, 'capped');
  const due = new Set(granted);
  await queueInvitationMails(
    services,
    viewer,
    classId,
    role,
    emails.filter((_, index) => due.has(keys[index] as string)),
  );
  const capped = emails.filter((_, index) => refused.get(keys[index] as string) === 'capped');
  if (capped.length > 0)
    services.hub.log.warn(
      { inviter: viewer.uid, classId, notMailed: capped.length },
      'invitation mails held back by a per-node cap or the daily one',
    );
  return capped;
}

/** "Resend": mails a pending invitation again (not sooner than RESEND_INTERVAL_MS after the last). */
export async function invitationResender(
  services: Services,
  viewer: SessionUser,
  ref: { class_id: string; email: string; role: Role },
): Promise<void> {
  requireVerifiedSender(viewer);
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
  const refusal = post.claim(viewer.uid, [key]).refused.get(key);
  if (refusal === 'too-soon') {
    const minutes = Math.max(1, Math.ceil((post.nextAt(key) - invitationClock.now()) / 60_000));
    throw new DomainError({
      code: 'TOO_MANY_REQUESTS',
      message: `An invitation went to ${email} a moment ago. You can send it again in ${countOf(minutes, { one: 'minute', other: 'minutes' })}.`,
    });
  }
  if (refusal === 'capped')
    throw new DomainError({
      code: 'TOO_MANY_REQUESTS',
      message:
        'You have sent as many invitation mails as this server allows for now. Try again in an hour.',
    });
  const perDay = services.config.invitationMailsPerDay;
  if ((await takeInvitationMails(db, viewer.uid, 1, perDay)) === 0) {
    post.release(viewer.uid, [key]);
    throw new DomainError({
      code: 'TOO_MANY_REQUESTS',
      message: `You have sent the ${perDay} invitation mails an account may send in a day. Try again tomorrow.`,
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
  // Addresses that already have an (unverified) account: their owner signs in, not up.
  const withAccount = new Set(
    (
      await services.database.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, [...emails]))
    ).map((row) => row.email),
  );
  postOf(services).enqueue(
    emails.map((to) =>
      invitationMail({
        to,
        className: cls.name,
        inviterName: displayName(viewer.displayName),
        role,
        appName: services.config.appName,
        publicUrl: services.config.publicUrl,
        hasAccount: withAccount.has(to),
      }),
    ),
  );
}
