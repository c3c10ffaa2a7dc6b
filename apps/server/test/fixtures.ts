// Test data: users through the real sign-up, classes and channels inserted as fixture rows.
import type { FastifyInstance } from 'fastify';
import type { Role } from '@seminar/shared';
import type { SessionUser } from '../src/auth/session';
import type { Db } from '../src/db/client';
import {
  activities,
  channels,
  channelUsers,
  classes,
  classMemberships,
  products,
} from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { codeFrom, type TestSmtp } from './smtp';

export interface TestUser extends SessionUser {
  cookie: string;
}

/**
 * The verification code sign-up mailed to `email`: from the SMTP listener when the server has one,
 * else from the development outbox (GET /dev/outbox.json, as a request from this machine).
 */
export async function verificationCodeFor(
  app: FastifyInstance,
  email: string,
  smtp?: TestSmtp,
): Promise<string> {
  if (smtp) return codeFrom(await smtp.nextMailTo(email, undefined, 'verification code'));
  for (let tries = 0; tries < 200; tries += 1) {
    const response = await app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' });
    if (response.statusCode !== 200)
      throw new Error(`no development outbox (${response.statusCode}): pass the SMTP listener`);
    const mails = response.json<Array<{ to: string; subject: string }>>();
    const mail = mails.find((m) => m.to === email && m.subject.includes('verification code'));
    if (mail) return codeFrom({ to: [mail.to], subject: mail.subject, raw: '' });
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no verification code mailed to ${email}`);
}

/**
 * Signs a user up through the HTTP contract and returns them with their session cookie. Unless
 * `verified: false`, they then verify their address with the mailed code, as the owner would.
 */
export async function signUpUser(
  app: FastifyInstance,
  origin: string,
  name: string,
  email?: string,
  options: { verified?: boolean; smtp?: TestSmtp } = {},
): Promise<TestUser> {
  const client = authClient(app, origin, `192.0.2.${1 + Math.floor(Math.random() * 250)}`);
  email ??= uniqueEmail(name.split(',')[0]?.toLowerCase().replace(/\W/g, '') || 'user');
  const response = await client.signUp(name, email, GOOD_PASSWORD);
  if (response.status !== 200 || !client.cookie)
    throw new Error(`sign-up failed: ${response.status}`);
  const user = (response.body as { user: { id: string } }).user;
  const verified = options.verified ?? true;
  if (verified) {
    const otp = await verificationCodeFor(app, email, options.smtp);
    const verification = await client.verifyEmail(email, otp);
    if (verification.status !== 200) throw new Error(`verification failed: ${verification.status}`);
  }
  return { uid: user.id, email, displayName: name, emailVerified: verified, cookie: client.cookie };
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(counter += 1)}`;

/** A class with members (by role) and channels; returns the ids. */
export async function createClassFixture(
  db: Db,
  input: {
    members: Array<{ user: { uid: string }; role: Role }>;
    channels?: Array<{
      name: string;
      is_public?: boolean;
      enabled?: boolean;
      members?: Array<{ uid: string }>;
    }>;
  },
): Promise<{ classId: string; channelIds: string[] }> {
  const classId = nextId('class');
  await db.insert(classes).values({ class_id: classId, name: `Class ${classId}` });
  for (const member of input.members) {
    await db
      .insert(classMemberships)
      .values({ class_id: classId, uid: member.user.uid, role: member.role });
  }
  const channelIds: string[] = [];
  for (const channel of input.channels ?? [{ name: 'general', is_public: true }]) {
    const channelId = nextId('channel');
    channelIds.push(channelId);
    await db.insert(channels).values({
      channel_id: channelId,
      class_id: classId,
      name: channel.name,
      is_public: channel.is_public ?? false,
      enabled: channel.enabled ?? true,
    });
    for (const member of channel.members ?? []) {
      await db
        .insert(channelUsers)
        .values({ class_id: classId, channel_id: channelId, uid: member.uid });
    }
  }
  return { classId, channelIds };
}

/**
 * A class whose public case channel belongs to an activity using a product with these AI agents
 * (docs/ai.md#agents-in-case-channels); returns the ids.
 */
export async function createAgentCaseFixture(
  db: Db,
  input: {
    members: Array<{ user: { uid: string }; role: Role }>;
    agents: string[];
    productTitle: string;
    channelName?: string;
  },
): Promise<{ classId: string; channelId: string; productId: string; activityId: string }> {
  const { classId, channelIds } = await createClassFixture(db, {
    members: input.members,
    channels: [{ name: input.channelName ?? 'case', is_public: true }],
  });
  const channelId = channelIds[0]!;
  const productId = nextId('product');
  await db.insert(products).values({
    product_id: productId,
    title: input.productTitle,
    name: productId,
    ai_agent_refs: input.agents,
  });
  const activityId = nextId('activity');
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: `Activity ${activityId}`,
    product_id: productId,
    channel_id: channelId,
  });
  return { classId, channelId, productId, activityId };
}
