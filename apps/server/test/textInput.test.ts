// Text PostgreSQL cannot store (U+0000) and text that is not Unicode (a lone surrogate) are refused
// by validation on every procedure, with a worded BAD_REQUEST on the field: none reaches the
// database (where a NUL used to fail the query with INTERNAL_SERVER_ERROR). The procedures are
// enumerated from the router, so a new procedure fails here until it has a sample input below.
// On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { ZodError, type ZodType } from 'zod';
import { makeRecordId, TEXT_NUL_MESSAGE, TEXT_UNICODE_MESSAGE } from '@seminar/shared';
import { appRouter } from '../src/router';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let viewer: TestUser;

beforeAll(async () => {
  viewer = await signUpUser(server.made.app, server.made.config.publicUrl, 'Nul, Nora');
});

const ids = { class_id: 'class_1', channel_id: 'channel_1' };
const day = '2026-10-01';
const tags = ['Strategy'];

/**
 * A valid input for every procedure that takes one, with every text field (optional ones too) set,
 * so each can be spoilt in turn. `expectFullSample` checks that no field is left out.
 */
const samples: Record<string, unknown> = {
  'classes.mine': {},
  'classes.public': {},
  'classes.request': {
    pending_class_id: 'pending_1',
    name: 'Strategy',
    course_code: 'S1',
    course_term: 'Fall',
    course_name: 'Strategy I',
    course_description: 'Cases.',
    course_disciplines: tags,
    course_categories: tags,
    start_date: day,
    end_date: day,
    is_public: false,
  },
  'classes.update': {
    class_id: 'class_1',
    name: 'Strategy',
    course_code: 'S1',
    course_term: 'Fall',
    course_name: 'Strategy I',
    course_description: 'Cases.',
    course_disciplines: tags,
    course_categories: tags,
    start_date: day,
    end_date: day,
    is_public: false,
  },
  'classes.delete': { class_id: 'class_1' },
  'classes.setArchived': { class_id: 'class_1', archived: true },
  'classes.join': { class_id: 'class_1' },
  'classes.roster': { class_id: 'class_1' },
  'classes.addMembers': {
    class_id: 'class_1',
    role: 'student',
    people: [{ email: 'ann@example.org', name: 'Ann' }],
  },
  'classes.setMemberEnabled': { class_id: 'class_1', uid: 'u1', role: 'student', enabled: true },
  'classes.removeMember': { class_id: 'class_1', uid: 'u1', role: 'student' },
  'classes.removeInvitation': { class_id: 'class_1', email: 'ann@example.org', role: 'student' },
  'classes.resendInvitation': { class_id: 'class_1', email: 'ann@example.org', role: 'student' },
  'activities.live': { class_id: 'class_1' },
  'activities.save': {
    activity_id: 'activity_1',
    class_id: 'class_1',
    title: 'Case one',
    description: 'Read it.',
    activity_qualified_name: 'case-one',
    product_id: 'product_1',
    channel_id: 'channel_1',
    start_date: day,
    due_date: day,
    enabled: true,
  },
  'activities.setEnabled': { class_id: 'class_1', activity_id: 'activity_1', enabled: false },
  'activities.delete': { class_id: 'class_1', activity_id: 'activity_1' },
  'activities.setPhases': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    phases: [{ id: 'p1', kind: 'plenary', title: 'Discuss', timer_seconds: 600, at_zero: 'end' }],
  },
  'activities.advancePhase': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    action: 'next',
    from_phase_id: 'p1',
  },
  'activities.setAnonymous': { class_id: 'class_1', activity_id: 'activity_1' },
  'activities.pseudonym': { class_id: 'class_1', activity_id: 'activity_1' },
  'activities.setBrief': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    body: 'Read the case',
    attachment_ids: ['att_1'],
  },
  'activities.setAgentBudget': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    answers: 10,
    tokens: 100_000,
  },
  'activities.setAgentLimits': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    limits: {
      per_student_day: 5,
      per_student_activity: 20,
      hours: { from: '09:00', to: '17:00' },
      time_zone: 'Europe/Paris',
      phases_off: ['individual_post_first'],
    },
  },
  'activities.setTutorMode': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    tutor: { mode: 'custom', custom: 'Ask about the numbers first.' },
  },
  'activities.usage': { class_id: 'class_1', activity_id: 'activity_1' },
  'moderation.watch': { class_id: 'class_1' },
  'moderation.settings': { class_id: 'class_1' },
  'moderation.setSettings': {
    class_id: 'class_1',
    settings: { profanity: true, personal_data: false, external: true },
  },
  'moderation.markHandled': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    job_id: 'job_msg_1_DataAnalystBot',
  },
  'activities.myExchanges': { class_id: 'class_1' },
  'activities.exchanges': { class_id: 'class_1', activity_id: 'activity_1', author_uid: 'uid_1' },
  'activities.setAgentMode': {
    class_id: 'class_1',
    activity_id: 'activity_1',
    agent: 'DataAnalystBot',
    mode: 'paused',
  },
  'channels.live': { class_id: 'class_1' },
  'channels.create': {
    ...ids,
    name: 'general',
    is_public: true,
    channel_group: ['ann@example.org'],
  },
  'channels.update': {
    ...ids,
    name: 'general',
    is_public: true,
    enabled: true,
    channel_group: ['ann@example.org'],
  },
  'channels.delete': ids,
  'channels.setMember': { ...ids, uid: 'u1', member: true },
  'channels.members': ids,
  'channels.markRead': { ...ids, seq: 1 },
  'channels.notifications': ids,
  'channels.notify': { ...ids, type: 'user_typing' },
  'channels.clearTyping': ids,
  'channels.leave': ids,
  'channels.prewarm': ids,
  'channels.setNotify': { ...ids, notify: 'mentions' },
  'messages.send': {
    id: makeRecordId('msg', 'u1'),
    ...ids,
    body: 'Hello',
    attachment_ids: ['att_1'],
  },
  'messages.edit': { id: 'msg_1', body: 'Hello' },
  'messages.delete': { id: 'msg_1' },
  'messages.react': { id: 'msg_1', emoji: '👍', on: true },
  'pins.live': { class_id: 'class_1', channel_id: 'channel_1' },
  'pins.set': { id: 'msg_1', on: true },
  'messages.page': { ...ids, beforeSeq: 5 },
  'polls.create': {
    id: makeRecordId('msg', 'u1'),
    ...ids,
    question: 'Which?',
    options: ['A', 'B'],
    multiple: false,
    anonymous: false,
    results: 'live',
  },
  'polls.vote': { id: 'msg_1', option_ids: ['o1'] },
  'polls.close': { id: 'msg_1' },
  'polls.live': ids,
  'debrief.participation': { class_id: 'class_1', activity_id: 'act_1' },
  'debrief.unanswered': { class_id: 'class_1', activity_id: 'act_1' },
  'debrief.grading': { class_id: 'class_1', activity_id: 'act_1' },
  'debrief.setRubric': {
    class_id: 'class_1',
    activity_id: 'act_1',
    scale: 10,
    criteria: [{ id: 'c1', name: 'Posts', weight: 100, source: 'messages', target: 5 }],
  },
  'debrief.setGrade': {
    class_id: 'class_1',
    activity_id: 'act_1',
    uid: 'u1',
    marks: { c1: 1 },
    comment: 'Good',
  },
  'debrief.gradebook': { class_id: 'class_1', activity_id: 'act_1' },
  'debrief.summary': { class_id: 'class_1', activity_id: 'act_1' },
  'debrief.summarize': { class_id: 'class_1', activity_id: 'act_1' },
  'coldCall.spotlight': { ...ids, uid: 'u1' },
  'coldCall.clear': ids,
  'coldCall.live': ids,
  'coldCall.mine': { class_id: 'class_1' },
  'notifications.settings': {},
  'notifications.update': { class_id: 'class_1', muted: true },
  'notifications.pushKey': {},
  'notifications.pushSubscribe': {
    endpoint: 'https://push.test/endpoint',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    expirationTime: 1_900_000_000_000,
    label: 'Firefox',
  },
  'notifications.pushUnsubscribe': { endpoint: 'https://push.test/endpoint' },
  'messages.range': { ...ids, fromSeq: 1, beforeSeq: 5 },
  'messages.search': {
    offset: 0,
    class_id: 'class_1',
    query: 'light',
    channel_id: 'channel_1',
    author_uid: 'u1',
  },
  'messages.live': { ...ids, lastEventId: '12' },
  'products.live': {},
  'products.save': {
    product_id: 'product_1',
    seq: 1,
    title: 'Tutor',
    name: 'tutor',
    product_qualified_name: 'org.tutor',
    product_type: 'agent',
    product_files: ['guide.pdf'],
    product_billing_id: 'b1',
    product_billing_name: 'Basic',
    price_per_user: 1,
    price_per_1k_tokens: 0.5,
    description: 'Helps.',
    learning_objective: 'Learn.',
    contributor: 'Ann',
    disciplines: tags,
    categories: tags,
    product_version: '1.0',
    product_access_type: 'public',
    ai_agent_cooperation_mode: 'pair',
    ai_agent_refs: ['agent_1'],
    enabled: true,
  },
  'products.setEnabled': { product_id: 'product_1', enabled: true },
  'products.delete': { product_id: 'product_1' },
  'lti.addPlatform': {
    name: 'Canvas',
    issuer: 'https://canvas.example.org',
    client_id: '10000000000001',
    deployment_ids: ['1:abc'],
    auth_login_url: 'https://sso.canvas.example.org/api/lti/authorize_redirect',
    token_url: 'https://sso.canvas.example.org/login/oauth2/token',
    jwks_url: 'https://sso.canvas.example.org/api/lti/security/jwks',
  },
  'lti.updatePlatform': {
    id: 'platform_1',
    name: 'Canvas',
    issuer: 'https://canvas.example.org',
    client_id: '10000000000001',
    deployment_ids: ['1:abc'],
    auth_login_url: 'https://sso.canvas.example.org/api/lti/authorize_redirect',
    token_url: 'https://sso.canvas.example.org/login/oauth2/token',
    jwks_url: 'https://sso.canvas.example.org/api/lti/security/jwks',
    enabled: true,
  },
  'lti.classLink': { class_id: 'class_1' },
  'lti.syncRoster': { class_id: 'class_1' },
  'lti.postGrades': { class_id: 'class_1', activity_id: 'activity_1' },
  'sso.setDomainRequired': { domain: 'uni.example.edu', required: true },
};

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: ZodType[];
}

const procedures = Object.entries(appRouter._def.procedures as Record<string, unknown>).map(
  ([path, procedure]) => ({ path, def: (procedure as { _def: ProcedureDef })._def }),
);
const withInput = procedures.filter(({ def }) => def.inputs.length > 0);

type ZodDef = {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  left?: ZodType;
  right?: ZodType;
  element?: ZodType;
};
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Fails when `sample` leaves out a field of `schema` or leaves a list empty, so no text goes untried. */
function expectFullSample(schema: ZodType, sample: unknown, at: string): void {
  const def = defOf(schema);
  if (def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      const value = (sample as Record<string, unknown>)[key];
      expect(value, `sample for ${at}.${key}`).not.toBeUndefined();
      expect(value, `sample for ${at}.${key}`).not.toBeNull();
      expectFullSample(field, value, `${at}.${key}`);
    }
  } else if (def.innerType) expectFullSample(def.innerType, sample, at);
  else if (def.type === 'pipe' && def.in) expectFullSample(def.in, sample, at);
  else if (def.left && def.right) {
    expectFullSample(def.left, sample, at);
    expectFullSample(def.right, sample, at);
  } else if (def.element) {
    expect((sample as unknown[]).length, `sample list ${at}`).toBeGreaterThan(0);
    for (const item of sample as unknown[]) expectFullSample(def.element, item, `${at}[]`);
  }
}

/** Every path to a string in `value`, e.g. ['people', 0, 'email']. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A copy of `value` with the string at `path` changed by `change`. */
function spoil(
  value: unknown,
  path: (string | number)[],
  change: (text: string) => string,
): unknown {
  if (path.length === 0) return change(value as string);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = spoil(copy[head], rest, change);
  return copy;
}

/** Calls `path` as the viewer with `input` and returns the error it fails with. */
async function failureOf(path: string, type: ProcedureDef['type'], input: unknown) {
  const controller = new AbortController();
  let target: unknown = callerFor(server.services, viewer, controller.signal);
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    const result: unknown = await (target as (input: unknown) => Promise<unknown>)(input);
    // A subscription that started would have passed validation: end it before reporting.
    if (type === 'subscription') controller.abort();
    return { unexpected: result };
  } catch (error) {
    controller.abort();
    return error;
  }
}

const spoilers = [
  ['a NUL', (text: string) => `${text}\u0000x`, TEXT_NUL_MESSAGE],
  ['a lone surrogate', (text: string) => `${text}\uD800`, TEXT_UNICODE_MESSAGE],
] as const;

describe(`text the database cannot store (${testDatabaseKind})`, () => {
  it('every procedure that takes input has a full, valid sample here', () => {
    expect(withInput.length).toBeGreaterThan(30);
    for (const { path, def } of withInput) {
      expect(Object.keys(samples), `add a sample input for ${path}`).toContain(path);
      for (const schema of def.inputs) {
        expect(schema.safeParse(samples[path]).error, `sample for ${path}`).toBeUndefined();
        expectFullSample(schema, samples[path], path);
      }
    }
  });

  it.each(withInput.map(({ path, def }) => [path, def.type] as const))(
    '%s refuses a NUL and a lone surrogate in each text field with BAD_REQUEST',
    async (path, type) => {
      const sample = samples[path];
      for (const field of stringPaths(sample)) {
        for (const [label, change, textMessage] of spoilers) {
          const error = await failureOf(path, type, spoil(sample, field, change));
          const where = `${path} with ${label} in ${field.join('.')}`;
          expect(error, where).toBeInstanceOf(TRPCError);
          expect((error as TRPCError).code, where).toBe('BAD_REQUEST');
          const cause = (error as TRPCError).cause;
          expect(cause, where).toBeInstanceOf(ZodError);
          const issue = (cause as ZodError).issues.find(
            (candidate) => candidate.path.join('.') === field.join('.'),
          );
          expect(issue, `${where}: ${JSON.stringify((cause as ZodError).issues)}`).toBeDefined();
          // Free text says what is wrong with it; ids, e-mails, dates and choices keep their own words.
          if (issue!.code === 'custom' && /^Text /.test(issue!.message))
            expect(issue!.message).toBe(textMessage);
        }
      }
    },
  );

  it('the free-text fields say what is wrong', async () => {
    const error = await failureOf('messages.edit', 'mutation', { id: 'msg_1', body: 'a\u0000b' });
    expect(((error as TRPCError).cause as ZodError).issues).toEqual([
      expect.objectContaining({ path: ['body'], message: TEXT_NUL_MESSAGE }),
    ]);
  });
});
