// Docs: docs/classes.md#live-queries — my classes, public classes and the roster.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  documentIdSchema,
  hasInstructorPowers,
  rosterEmailVisible,
  isListed,
  type Class,
  type Role,
  type RosterEntry,
} from '@seminar/shared';
import type { Db } from '../db/client';
import { classes, classInvitations, classMemberships, users } from '../db/schema';
import { noInputSchema, type NoInput } from '../live/inputs';
import type { CollectionTopic } from '../live/topic';
import { rolesByClass, type ClassAccess } from './access';
import {
  inviteEntryId,
  memberEntryId,
  presentClass,
  presentInvitation,
  presentMember,
} from './presenters';
import { classScoped } from '../channels/topicScopes';

interface MyClassesAccess {
  roles: Map<string, Role>;
}

/**
 * SPEC §7 "Classes" + "Memberships": every class the viewer is an active member of, any number of
 * them (one join, no chunks of 30), each with my_role.
 */
export const myClassesTopic: CollectionTopic<
  Record<string, never>,
  Class,
  MyClassesAccess,
  NoInput
> = {
  name: 'classes.mine',
  kind: 'collection',
  input: noInputSchema,
  key: (_input, viewer) => `user:${viewer.uid}`,
  extraKeys: (access) => [...access.roles.keys()],
  access: async (services, viewer) => ({
    roles: await rolesByClass(services.database.db, viewer.uid),
  }),
  classOf: () => '',
  async snapshot(services, _viewer, _input, access) {
    const ids = [...access.roles.keys()];
    if (ids.length === 0) return [];
    const rows = await services.database.db
      .select()
      .from(classes)
      .where(inArray(classes.class_id, ids));
    return rows
      .filter((row) => !row.deleted)
      .map((row) => presentClass(row, access.roles.get(row.class_id)));
  },
  async load(services, _key, ids) {
    const rows = await services.database.db
      .select()
      .from(classes)
      .where(inArray(classes.class_id, ids));
    return rows.map((row) => presentClass(row));
  },
  visible: (row, _viewer, access) => !row.deleted && access.roles.has(row.class_id),
  present: (row, _viewer, access) => ({
    ...row,
    my_role: access.roles.get(row.class_id) ?? 'student',
  }),
  id: (row) => row.class_id,
};

/** Public classes any signed-in user can find and join (DESIGN §2, the classes issue). */
export const publicClassesTopic: CollectionTopic<Record<string, never>, Class, null, NoInput> = {
  name: 'classes.public',
  kind: 'collection',
  input: noInputSchema,
  key: () => 'all',
  access: async () => null,
  classOf: () => '',
  async snapshot(services) {
    const rows = await services.database.db
      .select()
      .from(classes)
      .where(
        and(
          eq(classes.is_public, true),
          eq(classes.enabled, true),
          eq(classes.deleted, false),
          eq(classes.pending_deleted, false),
          // An archived class takes nobody in (docs/classes.md#archive).
          isNull(classes.archived_at),
        ),
      );
    return rows.map((row) => presentClass(row));
  },
  async load(services, _key, ids) {
    const rows = await services.database.db
      .select()
      .from(classes)
      .where(inArray(classes.class_id, ids));
    return rows.map((row) => presentClass(row));
  },
  visible: (row) =>
    row.is_public &&
    row.enabled &&
    !row.deleted &&
    !row.pending_deleted &&
    row.archived_at === null,
  id: (row) => row.class_id,
};

async function rosterRows(
  db: Db,
  classId: string,
  filter?: {
    members: Array<{ role: string; uid: string }>;
    invites: Array<{ role: string; email: string }>;
  },
): Promise<RosterEntry[]> {
  const memberRows = await db
    .select({ membership: classMemberships, user: { name: users.name, email: users.email } })
    .from(classMemberships)
    .leftJoin(users, eq(users.id, classMemberships.uid))
    .where(
      and(
        eq(classMemberships.class_id, classId),
        filter
          ? filter.members.length > 0
            ? or(
                ...filter.members.map((m) =>
                  and(eq(classMemberships.role, m.role), eq(classMemberships.uid, m.uid)),
                ),
              )
            : sql`false`
          : undefined,
      ),
    );
  const inviteRows =
    filter && filter.invites.length === 0
      ? []
      : await db
          .select()
          .from(classInvitations)
          .where(
            and(
              eq(classInvitations.class_id, classId),
              filter
                ? or(
                    ...filter.invites.map((i) =>
                      and(eq(classInvitations.role, i.role), eq(classInvitations.email, i.email)),
                    ),
                  )
                : undefined,
            ),
          );
  return [
    ...memberRows.map((row) => presentMember(row.membership, row.user)),
    ...inviteRows.map((row) => presentInvitation(row)),
  ];
}

/** Parses roster ids back into membership and invitation keys. */
function parseEntryIds(ids: string[]) {
  const members: Array<{ role: string; uid: string }> = [];
  const invites: Array<{ role: string; email: string }> = [];
  for (const id of ids) {
    const parts = id.split(':');
    if (parts[0] === 'invite' && parts.length >= 3)
      invites.push({ role: parts[1]!, email: parts.slice(2).join(':') });
    else if (parts.length >= 2) members.push({ role: parts[0]!, uid: parts.slice(1).join(':') });
  }
  return { members, invites };
}

/**
 * SPEC §7 "Students", "Instructors" (and admins): the class roster under SPEC §5's listing rules —
 * students see enabled members only, instructors and class admins also disabled ones and invitations.
 */
export const rosterTopic: CollectionTopic<{ class_id: string }, RosterEntry, ClassAccess> = {
  name: 'classes.roster',
  kind: 'collection',
  input: z.object({ class_id: documentIdSchema }),
  ...classScoped,
  async snapshot(services, viewer, input, access) {
    const rows = await rosterRows(services.database.db, input.class_id);
    return rows.filter((row) => rosterTopic.visible(row, viewer, access));
  },
  load: (services, key, ids) => rosterRows(services.database.db, key, parseEntryIds(ids)),
  visible: (row, _viewer, access) =>
    !row.pending_deleted &&
    isListed(row, access.role) &&
    (!row.invited || hasInstructorPowers(access.role)),
  // Students see other students' names, not their addresses.
  present: (row, viewer, access) =>
    rosterEmailVisible({ uid: viewer.uid, role: access.role }, row) ? row : { ...row, email: null },
  id: (row) => row.id,
};

export { inviteEntryId, memberEntryId };
