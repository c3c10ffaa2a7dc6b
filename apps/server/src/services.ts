// Docs: docs/ARCHITECTURE.md#the-request-path — everything a request needs once the database is ready.
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { PhaseTimer } from './activities/phaseTimer';
import { invitationsClaimer } from './classes/memberCommands';
import { AgentWorker } from './ai/worker';
import { S3ObjectStore } from './attachments/s3';
import { createAuth } from './auth/auth';
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
import type { Services } from './runtime';

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
  const services = { config, database, auth, mailer, objects } as Services;
  services.hub = new LiveHub(services, log, metrics?.live);
  services.sendQueue = new MessageSendQueue(database, services.hub, metrics?.sends);
  const hub = services.hub;
  metrics?.watchServices(database, () => hub.countByTopic());
  await services.hub.start();
  services.agents = new AgentWorker(database, log, {
    nodeId: services.hub.nodeId,
    ...config.ai,
    objects,
    metrics: metrics?.agents ?? null,
  });
  await services.agents.start();
  services.notifications = new NotificationWorker(database, log, {
    nodeId: services.hub.nodeId,
    ...config.notifications,
    appName: config.appName,
    publicUrl: config.publicUrl,
    key: unsubscribeKey(secret),
    mailer,
    onPass: metrics && (() => metrics.passed('notifications')),
  });
  await services.notifications.start();
  services.push = new PushWorker(database, log, {
    nodeId: services.hub.nodeId,
    ...config.notifications,
    vapid: await vapidKeys(database.db, config.push.vapidKeys),
    subject: config.push.subject,
    agent: options.pushAgent,
    onPass: metrics && (() => metrics.passed('push')),
  });
  await services.push.start();
  services.phaseTimer = new PhaseTimer(
    database.db,
    log,
    undefined,
    metrics && (() => metrics.passed('phase_timer')),
  );
  services.phaseTimer.start();
  return services;
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
