// Docs: docs/ARCHITECTURE.md#the-request-path — the server listens before its database is ready
// (PGlite's first start takes seconds); routes that need the database answer 503 until then.
import type { AgentWorker } from './ai/worker';
import type { S3ObjectStore } from './attachments/s3';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import type { LiveHub } from './live/hub';
import type { Mailer } from './mail/mailer';
import type { MessageSendQueue } from './messages/sendQueue';

/** What request handlers need once the database is open and migrated. */
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
  /** The S3-compatible store of new attachments; null: they go in the database. */
  objects: S3ObjectStore | null;
}

/** Holds the services once they exist; handlers ask it instead of capturing them at build time. */
export class Runtime {
  #services: Services | null = null;
  readonly config: Config;

  constructor(config: Config) {
    this.config = config;
  }

  /** Called once the database answers and migrations have run. */
  setReady(services: Services): void {
    this.#services = services;
  }

  /** The services, or null while starting. */
  get services(): Services | null {
    return this.#services;
  }
}

/** Thrown by a route that needs the database before it is ready; the error handler answers 503. */
export class NotReadyError extends Error {
  override name = 'NotReadyError';
  readonly statusCode = 503;
  constructor() {
    super('The server is starting; try again in a moment.');
  }
}

/** The services, or a 503 for the request. */
export function requireServices(runtime: Runtime): Services {
  const services = runtime.services;
  if (!services) throw new NotReadyError();
  return services;
}
