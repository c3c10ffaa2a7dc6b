// Docs: docs/institutions.md#roster-and-grades — Names and Role Provisioning Services: the course's
// learners become the class's students; a learner who left the course (or is inactive) is disabled
// in the class — the roster's own "disable" (the record stays, access ends), never a removal. Only
// accounts that came from this platform are touched: people added by hand are left alone.
import { and, eq, inArray } from 'drizzle-orm';
import { ltiClassRole } from '@seminar/shared';
import type { Auth } from '../auth/auth';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classMemberships, ltiUsers } from '../db/schema';
import { announceMembership } from '../classes/notices';
import { auditFields, nextVersion, runCommand } from '../live/commands';
import { SCOPE } from './claims';
import { accountFor, ensureMember } from './people';
import type { PlatformRow } from './platforms';
import { serviceCall, serviceToken, ServiceError } from './serviceToken';

const NRPS_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** The most pages of members read (the LMS pages its answer; 50 pages is a very large course). */
const MAX_PAGES = 50;

interface NrpsMember {
  user_id?: unknown;
  roles?: unknown;
  status?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

function nextPage(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link);
  return match?.[1] ?? null;
}

export interface RosterResult {
  added: number;
  disabled: number;
}

export async function syncRoster(
  db: Db,
  auth: Auth,
  actor: SessionUser,
  platform: PlatformRow,
  classId: string,
  membershipsUrl: string,
): Promise<RosterResult> {
  const token = await serviceToken(db, platform, [SCOPE.nrps]);
  const members: NrpsMember[] = [];
  let url: string | null = membershipsUrl;
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const answer = await serviceCall(url, token, { accept: NRPS_TYPE });
    const list = (answer.body as { members?: unknown } | null)?.members;
    if (!Array.isArray(list)) throw new ServiceError('The roster answer has no member list.');
    members.push(...(list as NrpsMember[]));
    const next = nextPage(answer.headers);
    // Only pages of the same service: a Link header cannot send our token elsewhere.
    url =
      next && new URL(next, url).origin === new URL(membershipsUrl).origin
        ? new URL(next, url).href
        : null;
  }
  const learners = members.filter(
    (member) =>
      typeof member.user_id === 'string' &&
      member.user_id !== '' &&
      (member.status === undefined || member.status === 'Active') &&
      Array.isArray(member.roles) &&
      ltiClassRole(member.roles) === 'student',
  );
  const activeUids = new Set<string>();
  let added = 0;
  for (const learner of learners) {
    const user = await accountFor(db, auth, platform, {
      ...learner,
      sub: learner.user_id as string,
    });
    activeUids.add(user.uid);
    const [before] = await db
      .select({ enabled: classMemberships.enabled, deleted: classMemberships.deleted })
      .from(classMemberships)
      .where(
        and(
          eq(classMemberships.class_id, classId),
          eq(classMemberships.uid, user.uid),
          eq(classMemberships.role, 'student'),
        ),
      );
    await ensureMember(db, actor, classId, user, 'student');
    if (!before || before.deleted || !before.enabled) added += 1;
  }
  // Students of the class who came from this platform and are not active learners any more.
  const fromPlatform = await db
    .select({ uid: classMemberships.uid })
    .from(classMemberships)
    .innerJoin(
      ltiUsers,
      and(eq(ltiUsers.uid, classMemberships.uid), eq(ltiUsers.platform_id, platform.id)),
    )
    .where(
      and(
        eq(classMemberships.class_id, classId),
        eq(classMemberships.role, 'student'),
        eq(classMemberships.enabled, true),
        eq(classMemberships.deleted, false),
      ),
    );
  const dropped = fromPlatform.map((row) => row.uid).filter((uid) => !activeUids.has(uid));
  if (dropped.length > 0) {
    await runCommand(db, async ({ tx, announce }) => {
      await tx
        .update(classMemberships)
        .set({ enabled: false, ...auditFields(actor), version: nextVersion })
        .where(
          and(
            eq(classMemberships.class_id, classId),
            eq(classMemberships.role, 'student'),
            inArray(classMemberships.uid, dropped),
          ),
        );
      for (const uid of dropped) announceMembership(announce, classId, 'student', uid);
    });
  }
  return { added, disabled: dropped.length };
}
