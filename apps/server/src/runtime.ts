// Docs: docs/ARCHITECTURE.md#the-request-path — the server listens before its database is ready
// (PGlite's first start takes seconds); routes that need the database answer 503 until then.
import type { Config } from './config';
import { ServerMetrics } from './metrics/metrics';
import type { Services } from './services';

/** Why and since when the node is draining (docs/realtime.md#drain). */
export interface Draining {
  reason: string;
  since: number;
}

/** Holds the services once they exist; handlers ask it instead of capturing them at build time. */
export class Runtime {
  #services: Services | null = null;
  #draining: Draining | null = null;
  #drained: Promise<void> | null = null;
  /** What must finish before the node may stop (the live sockets' in-flight requests…). */
  readonly #drainers: Array<() => Promise<void>> = [];
  readonly config: Config;
  /** This node's Prometheus metrics (docs/operations.md#metrics). */
  readonly metrics = new ServerMetrics();

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

  /** Set once the node began draining: /readyz answers 503 and nothing new is taken. */
  get draining(): Draining | null {
    return this.#draining;
  }

  /** `drain` calls `drainer` and waits for it (registered by the parts that hold work). */
  onDrain(drainer: () => Promise<void>): void {
    this.#drainers.push(drainer);
  }

  /**
   * Starts draining (once): from now on the node takes no new socket or request, and each part
   * finishes what it holds. Resolves when they all have; the caller bounds the wait.
   */
  drain(reason: string): Promise<void> {
    if (!this.#drained) {
      this.#draining = { reason, since: Date.now() };
      this.#drained = Promise.all(this.#drainers.map((drainer) => drainer())).then(() => undefined);
    }
    return this.#drained;
  }
}

/** Thrown by a route while the node drains; the error handler answers 503 (the balancer retries). */
export class DrainingError extends Error {
  override name = 'DrainingError';
  readonly statusCode = 503;
  constructor() {
    super('This server is shutting down; try again in a moment.');
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
