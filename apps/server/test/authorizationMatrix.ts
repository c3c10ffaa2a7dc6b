// The authorization matrix's table (authorization.test.ts runs it): how to call every procedure of
// the app's router against a class's data, and who may. authorization.test.ts enumerates the router
// and fails for a procedure with no entry here.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { makeRecordId, type Phase } from '@seminar/shared';
import type { SessionUser } from '../src/auth/session';
import { activities, debriefRubrics, ltiPlatforms } from '../src/db/schema';
import type { Services } from '../src/services';
import { collect, type callerFor } from './callers';

/**
 * Who calls: signed out; a signed-up person in no class (outsider); an instructor of another class;
 * a person disabled by a site admin (their cookie no longer signs them in); a member disabled in
 * this class; a student, a class admin and the instructor of this class (the positive control); a
 * site admin (ADMIN_EMAILS) who is not in the class.
 */
export type Actor =
  | 'anonymous'
  | 'outsider'
  | 'otherInstructor'
  | 'disabledUser'
  | 'disabledMember'
  | 'student'
  | 'classAdmin'
  | 'instructor'
  | 'siteAdmin';
export const ACTORS: readonly Actor[] = [
  'anonymous',
  'outsider',
  'otherInstructor',
  'disabledUser',
  'disabledMember',
  'student',
  'classAdmin',
  'instructor',
  'siteAdmin',
];
export type Outcome = 'ok' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'FORBIDDEN';

/** One class's data: the student's message in the public channel, a private channel, … */
export interface World {
  classId: string;
  channelId: string;
  privateChannelId: string;
  activityId: string;
  productId: string;
  messageId: string;
  /** A named poll in the public channel, posted by the instructor. */
  pollId: string;
  /** People of the class, by uid. */
  uids: { student: string; classAdmin: string };
}

type Caller = ReturnType<typeof callerFor>;
export interface Call {
  caller: Caller;
  world: World;
  viewer: SessionUser | null;
  services: Services;
}

/** Reads a live query until its first event (a snapshot, or the error it fails with). */
async function readLive(
  { services, viewer }: Call,
  start: (caller: Caller) => Promise<AsyncIterable<unknown>>,
) {
  const live = await collect(services, viewer, start as never);
  try {
    await live.until((events) => events.length > 0);
  } finally {
    await live.stop();
  }
}

/**
 * What a procedure does in the matrix. `scope`: `class` — this class's data (outsiders get
 * NOT_FOUND with `notFound`'s words, "Class not found." unless said); `account` — the caller's own
 * (anyone signed in may); `site` — the catalogue (site admins only, FORBIDDEN for the rest).
 * `outcomes` overrides what the scope implies for some actors.
 */
export interface Entry {
  scope: 'class' | 'account' | 'site';
  run: (call: Call) => Promise<unknown>;
  /** For `class` scope: a student's outcome (a class admin's is 'ok' unless in `outcomes`). */
  student?: Outcome;
  outcomes?: Partial<Record<Actor, Outcome>>;
  notFound?: string;
}

const id = (prefix: string, viewer: SessionUser | null) =>
  makeRecordId(prefix, viewer?.uid ?? 'anon');
const staffOnly = { student: 'FORBIDDEN' } as const;
const anyMember = { student: 'ok' } as const;
const inChannel = (w: World) => ({ class_id: w.classId, channel_id: w.channelId });
const ofActivity = (w: World) => ({ class_id: w.classId, activity_id: w.activityId });
const ONE_PHASE: Phase = {
  id: 'p1',
  kind: 'plenary',
  title: 'Plenary',
  timer_seconds: null,
  at_zero: 'end',
};
/** A one-criterion rubric (the matrix is about who may, not what). */
const ONE_CRITERION = {
  scale: 10,
  criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' as const, target: null }],
};
/** A platform registration with a fresh issuer (each is unique with its client id). */
const ltiPlatformFields = () => {
  const issuer = `https://lms-${randomUUID()}.example.org`;
  return {
    name: 'LMS',
    issuer,
    client_id: 'seminar',
    deployment_ids: ['1'],
    auth_login_url: `${issuer}/auth`,
    token_url: `${issuer}/token`,
    jwks_url: `${issuer}/jwks`,
  };
};
/** PRECONDITION_FAILED after every check of who may (the class has no LMS link) counts as allowed. */
const pastAuthorization = (error: { code?: string }) => {
  if (error.code !== 'PRECONDITION_FAILED') throw error;
};
/** Procedures that take a message id and no class: outsiders get "Message not found." */
const byMessage = { notFound: 'Message not found.' } as const;

export const MATRIX: Record<string, Entry> = {
  me: {
    scope: 'account',
    outcomes: { anonymous: 'ok', disabledUser: 'ok' },
    run: ({ caller }) => caller.me(),
  },
  'classes.mine': { scope: 'account', run: (c) => readLive(c, (k) => k.classes.mine()) },
  'classes.public': { scope: 'account', run: (c) => readLive(c, (k) => k.classes.public()) },
  'classes.request': {
    scope: 'account',
    run: ({ caller, viewer }) =>
      caller.classes.request({ pending_class_id: id('pending', viewer), name: 'Requested' }),
  },
  // The class is not public: nobody joins it, members included (they are in it already).
  'classes.join': {
    scope: 'class',
    student: 'NOT_FOUND',
    outcomes: { classAdmin: 'NOT_FOUND', instructor: 'NOT_FOUND' },
    run: ({ caller, world }) => caller.classes.join({ class_id: world.classId }),
  },
  'classes.roster': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.classes.roster({ class_id: c.world.classId })),
  },
  'classes.update': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.classes.update({ class_id: world.classId, name: 'Renamed' }),
  },
  'classes.delete': {
    scope: 'class',
    ...staffOnly,
    outcomes: { classAdmin: 'FORBIDDEN' },
    run: ({ caller, world }) => caller.classes.delete({ class_id: world.classId }),
  },
  'classes.setArchived': {
    scope: 'class',
    ...staffOnly,
    // Unarchiving a class that is not archived: the checks run, the shared world stays writable.
    run: ({ caller, world }) =>
      caller.classes.setArchived({ class_id: world.classId, archived: false }),
  },
  'classes.addMembers': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.classes.addMembers({
        class_id: world.classId,
        role: 'student',
        people: [{ email: 'someone.new@example.edu' }],
      }),
  },
  'classes.setMemberEnabled': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.classes.setMemberEnabled({
        class_id: world.classId,
        uid: world.uids.student,
        role: 'student',
        enabled: false,
      }),
  },
  'classes.removeMember': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.classes.removeMember({
        class_id: world.classId,
        uid: world.uids.student,
        role: 'student',
      }),
  },
  'classes.removeInvitation': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.classes.removeInvitation({
        class_id: world.classId,
        email: 'invitee@example.edu',
        role: 'student',
      }),
  },
  'classes.resendInvitation': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.classes.resendInvitation({
        class_id: world.classId,
        email: 'invitee@example.edu',
        role: 'student',
      }),
  },
  'activities.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.activities.live({ class_id: c.world.classId })),
  },
  'activities.save': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world, viewer }) =>
      caller.activities.save({
        activity_id: id('activity', viewer),
        class_id: world.classId,
        title: 'New case',
      }),
  },
  'activities.setEnabled': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setEnabled({ ...ofActivity(world), enabled: false }),
  },
  'activities.setAgentBudget': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setAgentBudget({ ...ofActivity(world), answers: 10, tokens: null }),
  },
  'activities.setAgentLimits': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setAgentLimits({
        ...ofActivity(world),
        limits: { per_student_day: 3, per_student_activity: null, hours: null, phases_off: [] },
      }),
  },
  'activities.setTutorMode': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setTutorMode({
        ...ofActivity(world),
        tutor: { mode: 'socratic', custom: null },
      }),
  },
  'activities.setAgentMode': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setAgentMode({
        ...ofActivity(world),
        agent: 'DataAnalystBot',
        mode: 'paused',
      }),
  },
  'activities.usage': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.activities.usage(ofActivity(world)),
  },
  'activities.exchanges': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.activities.exchanges(ofActivity(world)),
  },
  'moderation.watch': {
    scope: 'class',
    ...staffOnly,
    run: (c) => readLive(c, (k) => k.moderation.watch({ class_id: c.world.classId })),
  },
  'moderation.settings': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.moderation.settings({ class_id: world.classId }),
  },
  'moderation.setSettings': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.moderation.setSettings({
        class_id: world.classId,
        settings: { profanity: true, personal_data: true, external: true },
      }),
  },
  // The world has no flagged exchange: past every check of who may, staff get the NOT_FOUND of an
  // exchange that is not flagged (counted as allowed, as a BAD_REQUEST after the checks is).
  'moderation.markHandled': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.moderation
        .markHandled({ ...ofActivity(world), job_id: 'job_none' })
        .catch((error: { code?: string; message?: string }) => {
          if (error.code !== 'NOT_FOUND' || !error.message?.startsWith('That flagged exchange'))
            throw error;
        }),
  },
  'activities.setBrief': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setBrief({ ...ofActivity(world), body: 'Read the case first.' }),
  },
  'activities.setPhases': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.activities.setPhases({ ...ofActivity(world), phases: [ONE_PHASE] }),
  },
  'activities.advancePhase': {
    scope: 'class',
    ...staffOnly,
    // The activity gets a phase directly; the call starts it, or ends it when an earlier caller
    // started it (each allowed caller then succeeds).
    run: async ({ caller, world, services }) => {
      const [row] = await services.database.db
        .update(activities)
        .set({ phases: [ONE_PHASE] })
        .where(eq(activities.activity_id, world.activityId))
        .returning({ state: activities.phase_state });
      return caller.activities.advancePhase({
        ...ofActivity(world),
        action: row?.state === 'running' ? 'end' : 'start',
      });
    },
  },
  'activities.setAnonymous': {
    scope: 'class',
    ...staffOnly,
    // Switched on once: each allowed caller finds it off again (the matrix tests who may, not when).
    run: async ({ caller, world, services }) => {
      await services.database.db
        .update(activities)
        .set({ anonymous: false, phase_state: 'idle' })
        .where(eq(activities.activity_id, world.activityId));
      return caller.activities.setAnonymous(ofActivity(world));
    },
  },
  'activities.myExchanges': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.activities.myExchanges({ class_id: world.classId }),
  },
  'activities.pseudonym': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.activities.pseudonym(ofActivity(world)),
  },
  'activities.delete': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.activities.delete(ofActivity(world)),
  },
  'channels.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.channels.live({ class_id: c.world.classId })),
  },
  'channels.create': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world, viewer }) =>
      caller.channels.create({
        class_id: world.classId,
        channel_id: id('channel', viewer),
        name: 'new channel',
      }),
  },
  'channels.update': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.channels.update({ ...inChannel(world), name: 'x' }),
  },
  'channels.delete': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.channels.delete(inChannel(world)),
  },
  'channels.setMember': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.channels.setMember({
        class_id: world.classId,
        channel_id: world.privateChannelId,
        uid: world.uids.classAdmin,
        member: true,
      }),
  },
  'channels.members': {
    scope: 'class',
    ...anyMember,
    run: (c) =>
      readLive(c, (k) =>
        k.channels.members({ class_id: c.world.classId, channel_id: c.world.privateChannelId }),
      ),
  },
  'channels.markRead': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.channels.markRead({ ...inChannel(world), seq: 1 }),
  },
  'channels.notifications': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.channels.notifications(inChannel(c.world))),
  },
  'channels.notify': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) =>
      caller.channels.notify({ ...inChannel(world), type: 'user_online' }),
  },
  'channels.clearTyping': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.channels.clearTyping(inChannel(world)),
  },
  'channels.leave': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.channels.leave(inChannel(world)),
  },
  'channels.prewarm': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.channels.prewarm(inChannel(world)),
  },
  'channels.setNotify': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.channels.setNotify({ ...inChannel(world), notify: 'none' }),
  },
  'notifications.settings': {
    scope: 'account',
    run: (c) => readLive(c, (k) => k.notifications.settings()),
  },
  // A browser's push subscription is the viewer's own: any signed-in person may keep one.
  'notifications.pushKey': {
    scope: 'account',
    run: ({ caller }) => caller.notifications.pushKey(),
  },
  'notifications.pushSubscribe': {
    scope: 'account',
    run: ({ caller }) =>
      caller.notifications.pushSubscribe({
        endpoint: `https://push.invalid/${randomUUID()}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
  },
  'notifications.pushUnsubscribe': {
    scope: 'account',
    run: ({ caller }) =>
      caller.notifications.pushUnsubscribe({ endpoint: `https://push.invalid/${randomUUID()}` }),
  },
  // Muting names a class: only one the viewer is in.
  'notifications.update': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) =>
      caller.notifications.update({ class_id: world.classId, muted: true }),
  },
  'messages.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.messages.live(inChannel(c.world))),
  },
  'messages.page': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.messages.page({ ...inChannel(world), beforeSeq: 2 }),
  },
  'messages.range': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) =>
      caller.messages.range({ ...inChannel(world), fromSeq: 1, beforeSeq: 2 }),
  },
  'messages.search': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.messages.search({ class_id: world.classId, query: 'mine' }),
  },
  'messages.send': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world, viewer }) =>
      caller.messages.send({
        id: id('msg', viewer),
        class_id: world.classId,
        channel_id: world.channelId,
        body: 'hi',
      }),
  },
  // The message is the student's own: only its author edits it; staff delete anyone's.
  'messages.edit': {
    scope: 'class',
    ...anyMember,
    ...byMessage,
    outcomes: { classAdmin: 'FORBIDDEN', instructor: 'FORBIDDEN' },
    run: ({ caller, world }) => caller.messages.edit({ id: world.messageId, body: 'edited' }),
  },
  'messages.delete': {
    scope: 'class',
    ...anyMember,
    ...byMessage,
    run: ({ caller, world }) => caller.messages.delete({ id: world.messageId }),
  },
  'messages.react': {
    scope: 'class',
    ...anyMember,
    ...byMessage,
    run: ({ caller, world }) =>
      caller.messages.react({ id: world.messageId, emoji: '👍', on: true }),
  },
  // The channel's pins go to whoever sees the channel (the public one here).
  'pins.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.pins.live(inChannel(c.world))),
  },
  'pins.set': {
    scope: 'class',
    ...staffOnly,
    ...byMessage,
    run: ({ caller, world }) => caller.pins.set({ id: world.messageId, on: true }),
  },
  // Docs: docs/polls.md — staff post and close polls; whoever sees the channel votes and watches.
  'polls.create': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world, viewer }) =>
      caller.polls.create({
        id: id('msg', viewer),
        ...inChannel(world),
        question: 'Which?',
        options: ['A', 'B'],
      }),
  },
  'polls.vote': {
    scope: 'class',
    ...anyMember,
    notFound: 'Poll not found.',
    run: ({ caller, world }) => caller.polls.vote({ id: world.pollId, option_ids: ['o1'] }),
  },
  'polls.close': {
    scope: 'class',
    ...staffOnly,
    notFound: 'Poll not found.',
    run: ({ caller, world }) => caller.polls.close({ id: world.pollId }),
  },
  'polls.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.polls.live(inChannel(c.world))),
  },
  // Docs: docs/debrief.md — figures and open questions to every member (a student gets their own);
  // grading to staff.
  'debrief.participation': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.debrief.participation(ofActivity(world)),
  },
  'debrief.unanswered': {
    scope: 'class',
    ...anyMember,
    run: ({ caller, world }) => caller.debrief.unanswered(ofActivity(world)),
  },
  'debrief.grading': {
    scope: 'class',
    ...staffOnly,
    run: (c) => readLive(c, (k) => k.debrief.grading(ofActivity(c.world))),
  },
  'debrief.setRubric': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.debrief.setRubric({ ...ofActivity(world), ...ONE_CRITERION }),
  },
  // The rubric is there (written directly: this row is about setGrade's own check).
  'debrief.setGrade': {
    scope: 'class',
    ...staffOnly,
    run: async ({ caller, world, services }) => {
      await services.database.db
        .insert(debriefRubrics)
        .values({ activity_id: world.activityId, class_id: world.classId, ...ONE_CRITERION })
        .onConflictDoNothing();
      return caller.debrief.setGrade({
        ...ofActivity(world),
        uid: world.uids.student,
        marks: { c1: 1 },
      });
    },
  },
  'debrief.gradebook': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.debrief.gradebook(ofActivity(world)),
  },
  'debrief.summary': {
    scope: 'class',
    ...staffOnly,
    run: (c) => readLive(c, (k) => k.debrief.summary(ofActivity(c.world))),
  },
  // The matrix's server has no model: past the authorization, staff are told how to enable one
  // (PRECONDITION_FAILED, after every check of who may).
  'debrief.summarize': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.debrief.summarize(ofActivity(world)).catch((error: { code?: string }) => {
        if (error.code !== 'PRECONDITION_FAILED') throw error;
      }),
  },
  // Docs: docs/polls.md#cold-call — staff spotlight and clear; whoever sees the channel watches.
  'coldCall.spotlight': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.coldCall.spotlight({ ...inChannel(world), uid: world.uids.student }),
  },
  'coldCall.clear': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.coldCall.clear(inChannel(world)),
  },
  'coldCall.live': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.coldCall.live(inChannel(c.world))),
  },
  'coldCall.mine': {
    scope: 'class',
    ...anyMember,
    run: (c) => readLive(c, (k) => k.coldCall.mine({ class_id: c.world.classId })),
  },
  'products.live': { scope: 'account', run: (c) => readLive(c, (k) => k.products.live()) },
  'products.agentsStatus': {
    scope: 'account',
    run: ({ caller }) => caller.products.agentsStatus(),
  },
  'products.save': {
    scope: 'site',
    run: ({ caller, viewer }) =>
      caller.products.save({ product_id: id('product', viewer), title: 'Tutor', name: 'tutor' }),
  },
  'products.setEnabled': {
    scope: 'site',
    run: ({ caller, world }) =>
      caller.products.setEnabled({ product_id: world.productId, enabled: false }),
  },
  'products.delete': {
    scope: 'site',
    run: ({ caller, world }) => caller.products.delete({ product_id: world.productId }),
  },
  // Docs: docs/institutions.md#lti-13 — the platform registry and its log are the site admins';
  // roster sync and grade posting are staff's (the matrix's class has no LMS link: past every
  // check of who may, staff are told so with PRECONDITION_FAILED).
  'lti.platforms': { scope: 'site', run: ({ caller }) => caller.lti.platforms() },
  'lti.launches': { scope: 'site', run: ({ caller }) => caller.lti.launches() },
  'lti.addPlatform': {
    scope: 'site',
    run: ({ caller }) => caller.lti.addPlatform(ltiPlatformFields()),
  },
  'lti.updatePlatform': {
    scope: 'site',
    run: async ({ caller, services }) => {
      const fields = ltiPlatformFields();
      const platformId = randomUUID();
      await services.database.db.insert(ltiPlatforms).values({ id: platformId, ...fields });
      return caller.lti.updatePlatform({ ...fields, id: platformId, enabled: false });
    },
  },
  'lti.classLink': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.lti.classLink({ class_id: world.classId }),
  },
  'lti.syncRoster': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) =>
      caller.lti.syncRoster({ class_id: world.classId }).catch(pastAuthorization),
  },
  'lti.postGrades': {
    scope: 'class',
    ...staffOnly,
    run: ({ caller, world }) => caller.lti.postGrades(ofActivity(world)).catch(pastAuthorization),
  },
  // Single sign-on's admin section (docs/institutions.md#the-admin-page).
  'sso.admin': { scope: 'site', run: ({ caller }) => caller.sso.admin() },
  'sso.setDomainRequired': {
    scope: 'site',
    run: ({ caller }) =>
      caller.sso.setDomainRequired({ domain: 'uni.example.edu', required: false }),
  },
};

/** What `actor` gets from `entry`. */
export function expectedOutcome(actor: Actor, entry: Entry): Outcome {
  const override = entry.outcomes?.[actor];
  if (override) return override;
  if (actor === 'anonymous' || actor === 'disabledUser') return 'UNAUTHORIZED';
  if (entry.scope === 'account') return 'ok';
  if (entry.scope === 'site') return actor === 'siteAdmin' ? 'ok' : 'FORBIDDEN';
  switch (actor) {
    case 'student':
      return entry.student ?? 'FORBIDDEN';
    case 'classAdmin':
    case 'instructor':
      return 'ok';
    default:
      return 'NOT_FOUND';
  }
}
