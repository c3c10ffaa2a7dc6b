// Docs: docs/institutions.md#accounts-and-classes — an LMS person is a Seminar account keyed by
// (platform, sub), never matched by an e-mail the LMS sends; an LMS course is a Seminar class,
// created on an instructor's first launch and linked after.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  boundedPersonName,
  makeRecordId,
  pendingClassInputSchema,
  personNameProblem,
  type Role,
} from '@seminar/shared';
import type { Auth } from '../auth/auth';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classMemberships, ltiContexts, ltiUsers, users } from '../db/schema';
import { classRequester } from '../classes/commands';
import { runCommand } from '../live/commands';
import { upsertMembership } from '../classes/memberCommands';
import type { PlatformRow } from './platforms';

/** What the LMS says about a person (id_token or NRPS member). */
export interface LmsPerson {
  sub: string;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

function nameOf(person: LmsPerson): string {
  const full =
    typeof person.name === 'string' && person.name.trim() !== ''
      ? person.name
      : [person.given_name, person.family_name]
          .filter((part) => typeof part === 'string')
          .join(' ');
  const bounded = boundedPersonName(full.replace(/\p{Cc}/gu, ' '));
  return personNameProblem(bounded) === null ? bounded : 'LMS user';
}

/**
 * The account's address: made from (platform, sub), in the reserved .invalid domain, so it can
 * never be someone's real mailbox nor collide with an account that signed up by e-mail. It counts
 * as verified: the person is vouched for by a platform a site admin registered (the app otherwise
 * waits for a mailed code no one could receive), and no invitation or site-admin address can ever
 * name an .invalid domain.
 */
function placeholderEmail(platformId: string, sub: string): string {
  const digest = createHash('sha256').update(`${platformId}\n${sub}`).digest('hex').slice(0, 32);
  return `lti-${digest}@lti.invalid`;
}

/** The Seminar account of an LMS person, made on first sight. */
export async function accountFor(
  db: Db,
  auth: Auth,
  platform: PlatformRow,
  person: LmsPerson,
): Promise<SessionUser> {
  const sub = person.sub.slice(0, 255);
  const [linked] = await db
    .select({ user: users })
    .from(ltiUsers)
    .innerJoin(users, eq(users.id, ltiUsers.uid))
    .where(and(eq(ltiUsers.platform_id, platform.id), eq(ltiUsers.sub, sub)));
  if (linked) return toSessionUser(linked.user);
  const context = await auth.$context;
  const email = placeholderEmail(platform.id, sub);
  // A second launch of the same new person at once finds the account the first one made.
  const existing = await context.internalAdapter.findUserByEmail(email);
  const user =
    existing?.user ??
    (await context.internalAdapter.createUser(
      {
        name: nameOf(person),
        email,
        emailVerified: true,
      },
      { method: 'lti' },
    ));
  await db
    .insert(ltiUsers)
    .values({ platform_id: platform.id, sub, uid: user.id })
    .onConflictDoNothing();
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw new Error('the LTI account was not stored');
  return toSessionUser(row);
}

function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return {
    uid: row.id,
    email: row.email,
    displayName: boundedPersonName(row.name),
    emailVerified: row.emailVerified,
  };
}

/** An LMS course as the launch names it. */
export interface LmsContext {
  id: string;
  title: string;
  deploymentId: string;
  membershipsUrl: string | null;
  lineitemsUrl: string | null;
}

/** The class an LMS course is linked to, or null. */
export async function linkedClass(
  db: Db,
  platformId: string,
  contextId: string,
): Promise<typeof ltiContexts.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(ltiContexts)
    .where(and(eq(ltiContexts.platform_id, platformId), eq(ltiContexts.context_id, contextId)));
  return row ?? null;
}

/**
 * The class of a course: linked, or created now with `instructor` as its instructor (the first
 * staff launch). The service URLs are refreshed from every launch (the LMS may move them).
 */
export async function classForContext(
  db: Db,
  platform: PlatformRow,
  context: LmsContext,
  instructor: SessionUser | null,
): Promise<{ classId: string; created: boolean } | null> {
  const urls = { memberships_url: context.membershipsUrl, lineitems_url: context.lineitemsUrl };
  const linked = await linkedClass(db, platform.id, context.id);
  if (linked) {
    await db
      .update(ltiContexts)
      .set({ ...urls, deployment_id: context.deploymentId, updated_at: new Date() })
      .where(and(eq(ltiContexts.platform_id, platform.id), eq(ltiContexts.context_id, context.id)));
    return { classId: linked.class_id, created: false };
  }
  if (!instructor) return null;
  const input = pendingClassInputSchema.parse({
    pending_class_id: makeRecordId('class', instructor.uid),
    name: context.title.trim().slice(0, 200) || 'Course',
  });
  const made = await classRequester(db, instructor, input);
  const [inserted] = await db
    .insert(ltiContexts)
    .values({
      platform_id: platform.id,
      context_id: context.id.slice(0, 255),
      class_id: made.class_id,
      deployment_id: context.deploymentId,
      title: context.title.slice(0, 200),
      ...urls,
    })
    .onConflictDoNothing()
    .returning();
  // Two first launches at once: the other one linked the course first; its class is the course's
  // (the one made here stays, an empty class of this instructor's).
  if (!inserted) {
    const winner = await linkedClass(db, platform.id, context.id);
    if (!winner) throw new Error('the course link was not stored');
    return { classId: winner.class_id, created: false };
  }
  return { classId: made.class_id, created: true };
}

/**
 * Makes `user` an enabled member of the class in `role` (a dropped student who is back in the
 * course is enabled again). Staff already instructor of the class stay instructor.
 */
export async function ensureMember(
  db: Db,
  actor: SessionUser,
  classId: string,
  user: SessionUser,
  role: Role,
): Promise<void> {
  await runCommand(db, async ({ tx, announce }) => {
    const current = await tx
      .select()
      .from(classMemberships)
      .where(and(eq(classMemberships.class_id, classId), eq(classMemberships.uid, user.uid)));
    const same = current.find((row) => row.role === role);
    if (role !== 'student' && current.some((row) => row.role === 'instructor' && !row.deleted))
      return;
    if (same && same.enabled && !same.deleted && !same.pending_deleted) return;
    await upsertMembership(tx, announce, { classId, uid: user.uid, role, actor });
  });
}
