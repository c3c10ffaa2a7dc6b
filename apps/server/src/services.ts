// Docs: docs/ARCHITECTURE.md#the-request-path — everything a request needs once the database is ready.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { PhaseTimer } from './activities/phaseTimer';
import { invitationsClaimer } from './classes/memberCommands';
import { AgentWorker } from './ai/worker';
import { S3ObjectStore } from './attachments/s3';
import { createAuth, type Auth } from './auth/auth';
import { authSecret } from './auth/secret';
import type { Config } from './config';
import type { Database } from './db/client';
import { LiveHub } from './live/hub';
import { createMailer, type Mailer } from './mail/mailer';
import { MessageSendQueue } from './messages/sendQueue';
import { unsubscribeKey } from './notifications/unsubscribe';
import { NotificationWorker } from './notifications/worker';
import { PushWorker } from './notifications/pushWorker';
import { vapidKeys } from './notifications/vapid';
import type { ServerMetrics } from './metrics/metrics';

/**
 * What request handlers need once the database is open and migrated. Above every resource: only
 * routers, HTTP routes, the seed and the CLI take it whole; the kernel takes `LiveServices`
 * (live/services.ts) and a resource takes the parts it uses, so nothing below imports it back.
 */
export interface Services {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** This node's subscription runtime. */
  hub: LiveHub;
  /** This node's message send path (group commit). */
  sendQueue: MessageSendQueue;
  /** This node's AI agent worker (docs/ai.md#the-job-mechanism). */
  agents: AgentWorker;
  /** This node's missed-mention e-mail worker (docs/channels.md#notifications). */
  notifications: NotificationWorker;
  /** This node's Web Push worker (docs/channels.md#web-push). */
  push: PushWorker;
  /** The S3-compatible store of new attachments; null: they go in the database. */
  objects: S3ObjectStore | null;
  /** This node's sweep of phase timers (docs/phases.md#the-timer). */
  phaseTimer: PhaseTimer;
}

/** Builds the services on an open, migrated database. */
export async function createServices(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Undefined: the mailer the configuration asks for (SMTP or the development outbox). */
  mailer?: Mailer | undefined;
  /** The node's metrics (Runtime.metrics); none: nothing is counted. */
  metrics?: ServerMetrics | undefined;
  /** Web Push requests' HTTPS agent (tests: one that trusts the push stand-in); none: Node's. */
  pushAgent?: Agent | undefined;
}): Promise<Services> {
  const { config, database, log, metrics } = options;
  const made =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, log });
  const mailer = metrics ? countedMailer(made, metrics) : made;
  const secret = await authSecret(database.db, config.authSecret);
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    secret,
    // Invitations to an address become memberships once it is proved (docs/classes.md).
    onAddressVerified: (user) => invitationsClaimer(database.db, user),
  });
  const objects = config.attachments.s3 ? new S3ObjectStore(config.attachments.s3) : null;
  const hub = new LiveHub({ config, database }, log, metrics?.live);
  const sendQueue = new MessageSendQueue(database, hub, metrics?.sends);
  metrics?.watchServices(database, () => hub.countByTopic());
  await hub.start();
  const agents = new AgentWorker(database, log, {
    nodeId: hub.nodeId,
    ...config.ai,
    objects,
    metrics: metrics?.agents ?? null,
  });
  await agents.start();
  const notifications = new NotificationWorker(database, log, {
    nodeId: hub.nodeId,
    ...config.notifications,
    appName: config.appName,
    publicUrl: config.publicUrl,
    key: unsubscribeKey(secret),
    mailer,
    onPass: metrics && (() => metrics.passed('notifications')),
  });
  await notifications.start();
  const push = new PushWorker(database, log, {
    nodeId: hub.nodeId,
    ...config.notifications,
    vapid: await vapidKeys(database.db, config.push.vapidKeys),
    subject: config.push.subject,
    agent: options.pushAgent,
    onPass: metrics && (() => metrics.passed('push')),
  });
  await push.start();
  const phaseTimer = new PhaseTimer(
    database.db,
    log,
    undefined,
    metrics && (() => metrics.passed('phase_timer')),
  );
  phaseTimer.start();
  return {
    config,
    database,
    auth,
    mailer,
    hub,
    sendQueue,
    agents,
    notifications,
    push,
    objects,
    phaseTimer,
  };
}

/** The mailer, counting what it sends and what fails (the error still reaches the caller). */
function countedMailer(mailer: Mailer, metrics: ServerMetrics): Mailer {
  return {
    outbox: mailer.outbox,
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mail('sent');
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
    },
  };
}
