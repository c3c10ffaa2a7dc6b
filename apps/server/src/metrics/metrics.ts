// Docs: docs/operations.md#metrics — the node's Prometheus metrics (prom-client). The hot paths
// (live frames and deliveries) only add to plain numbers through the kernel's narrow sink
// (live/metrics.ts); the registry copies them into its counters when it is scraped, and reads the
// gauges (sockets, live queries by topic, the pool, agent jobs) from their owners at that moment.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AgentMetrics } from '../ai/worker';
import type { Database } from '../db/client';
import type { LiveCutReason, LiveLimitName, LiveMetrics } from '../live/metrics';
import type { SendMetrics } from '../messages/sendQueue';

const CUT_REASONS: readonly LiveCutReason[] = [
  'slow_reader',
  'ping_timeout',
  'revoked',
  'protocol',
];
const LIMITS: readonly LiveLimitName[] = [
  'sockets_per_user',
  'subscriptions_per_socket',
  'requests_in_flight',
  'mutation_rate',
];

/** The background workers whose passes are counted (seminar_worker_passes_total). */
export type WorkerName = 'agents' | 'notifications' | 'push' | 'phase_timer';

/** The live kernel's counters: plain numbers, added to on the hot path, read on a scrape. */
class LiveCounters implements LiveMetrics {
  frames = 0;
  frameBytes = 0;
  deliveries = 0;
  notices = 0;
  noticeBytes = 0;
  listenRestoredCount = 0;
  readonly cuts: Record<LiveCutReason, number> = {
    slow_reader: 0,
    ping_timeout: 0,
    revoked: 0,
    protocol: 0,
  };
  readonly refusals: Record<LiveLimitName, number> = {
    sockets_per_user: 0,
    subscriptions_per_socket: 0,
    requests_in_flight: 0,
    mutation_rate: 0,
  };

  frame(bytes: number): void {
    this.frames += 1;
    this.frameBytes += bytes;
  }
  delivered(count: number): void {
    this.deliveries += count;
  }
  cut(reason: LiveCutReason): void {
    this.cuts[reason] += 1;
  }
  refused(limit: LiveLimitName): void {
    this.refusals[limit] += 1;
  }
  notice(bytes: number): void {
    this.notices += 1;
    this.noticeBytes += bytes;
  }
  listenRestored(): void {
    this.listenRestoredCount += 1;
  }
}

/** What the metrics read when scraped; set once the parts exist. */
interface Sources {
  sockets: (() => number) | null;
  subscriptions: (() => Map<string, number>) | null;
  database: Database | null;
}

/** The process' own metrics (CPU, memory, heap, event-loop lag): one set per process. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // Event-loop lag comes from perf_hooks' monitorEventLoopDelay (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** A counter whose value is read from `value` at each scrape. */
function readCounter(registry: Registry, name: string, help: string, value: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(value());
    },
  });
}

/** One node's metrics. */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly live = new LiveCounters();
  readonly #sources: Sources = { sockets: null, subscriptions: null, database: null };
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpSeconds: Histogram<'route'>;
  readonly #sendBatch: Histogram;
  readonly #sendCommit: Histogram;
  readonly #agentJobs: Counter<'outcome'>;
  readonly #agentSeconds: Histogram;
  readonly #mails: Counter<'result'>;
  readonly #passes: Counter<'worker'>;

  /** The send queue's sink. */
  readonly sends: SendMetrics;
  /** The agent worker's sink. */
  readonly agents: AgentMetrics;

  constructor() {
    const registers = [this.registry];
    const live = this.live;
    this.#httpRequests = new Counter({
      name: 'seminar_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#httpSeconds = new Histogram({
      name: 'seminar_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern.',
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const sources = this.#sources;
    new Gauge({
      name: 'seminar_live_sockets',
      help: 'Open live WebSockets on this node.',
      registers,
      collect() {
        this.set(sources.sockets?.() ?? 0);
      },
    });
    new Gauge({
      name: 'seminar_live_subscriptions',
      help: 'Live queries on this node, by topic.',
      labelNames: ['topic'],
      registers,
      collect() {
        this.reset();
        for (const [topic, count] of sources.subscriptions?.() ?? []) this.set({ topic }, count);
      },
    });
    readCounter(
      this.registry,
      'seminar_live_frames_total',
      'Frames written to live sockets.',
      () => live.frames,
    );
    readCounter(
      this.registry,
      'seminar_live_frame_bytes_total',
      'Bytes of the frames written to live sockets.',
      () => live.frameBytes,
    );
    readCounter(
      this.registry,
      'seminar_live_deliveries_total',
      'Change events sent to live queries (one per subscriber per event).',
      () => live.deliveries,
    );
    readCounter(
      this.registry,
      'seminar_live_notices_total',
      'NOTIFY payloads received on the live channel.',
      () => live.notices,
    );
    readCounter(
      this.registry,
      'seminar_live_notice_bytes_total',
      'Bytes of the NOTIFY payloads received on the live channel.',
      () => live.noticeBytes,
    );
    readCounter(
      this.registry,
      'seminar_live_listen_restored_total',
      'Times the LISTEN connection was lost and re-established (every live query resynced).',
      () => live.listenRestoredCount,
    );
    new Counter({
      name: 'seminar_live_sockets_cut_total',
      help: 'Live sockets the node cut, by reason (slow_reader, ping_timeout, revoked, protocol).',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const reason of CUT_REASONS) this.inc({ reason }, live.cuts[reason]);
      },
    });
    new Counter({
      name: 'seminar_live_refused_total',
      help: 'Sockets, live queries and requests refused by a per-user or per-socket limit.',
      labelNames: ['limit'],
      registers,
      collect() {
        this.reset();
        for (const limit of LIMITS) this.inc({ limit }, live.refusals[limit]);
      },
    });
    this.#sendBatch = new Histogram({
      name: 'seminar_send_batch_size',
      help: 'Sends per group-commit statement.',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers,
    });
    this.#sendCommit = new Histogram({
      name: 'seminar_send_commit_seconds',
      help: 'From a message send arriving at the send queue to its commit.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    new Gauge({
      name: 'seminar_agent_jobs',
      help: 'Agent jobs waiting or being answered in the database (all nodes), by state.',
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        const database = sources.database;
        if (!database) return;
        // A database that does not answer leaves the gauge empty; the scrape still answers.
        const rows = await database
          .query<{ status: string; count: number }>(
            `select s.status, count(j.job_id)::int as count
               from (values ('queued'), ('running')) as s(status)
               left join ai_jobs j on j.status = s.status
              group by s.status`,
            [],
          )
          .catch(() => []);
        for (const row of rows) this.set({ state: row.status }, row.count);
      },
    });
    this.#agentJobs = new Counter({
      name: 'seminar_agent_jobs_finished_total',
      help: 'Agent jobs this node finished, by outcome (done, failed, refused, skipped, error).',
      labelNames: ['outcome'],
      registers,
    });
    this.#agentSeconds = new Histogram({
      name: 'seminar_agent_answer_seconds',
      help: 'From this node claiming an agent job to its reply being posted.',
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
      registers,
    });
    this.#mails = new Counter({
      name: 'seminar_mails_total',
      help: 'E-mails handed to SMTP (or the development outbox), by result (sent, failed).',
      labelNames: ['result'],
      registers,
    });
    this.#passes = new Counter({
      name: 'seminar_worker_passes_total',
      help: "Passes of this node's background workers (agents, notifications, push, phase_timer): one that stops growing has stalled.",
      labelNames: ['worker'],
      registers,
    });
    new Gauge({
      name: 'seminar_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting = requests queued for one, max).',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const stats = sources.database?.poolStats?.();
        if (!stats) return;
        for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
      },
    });
    const sendBatch = this.#sendBatch;
    const sendCommit = this.#sendCommit;
    this.sends = {
      batch: (size) => sendBatch.observe(size),
      committed: (seconds) => sendCommit.observe(seconds),
    };
    const agentJobs = this.#agentJobs;
    const agentSeconds = this.#agentSeconds;
    const passes = this.#passes;
    this.agents = {
      finished(outcome, seconds) {
        agentJobs.inc({ outcome });
        if (outcome !== 'error') agentSeconds.observe(seconds);
      },
      passed: () => passes.inc({ worker: 'agents' }),
    };
  }

  /** A background worker's pass ended. */
  passed(worker: WorkerName): void {
    this.#passes.inc({ worker });
  }

  /** The node's live sockets, read at each scrape. */
  watchSockets(count: () => number): void {
    this.#sources.sockets = count;
  }

  /** The database and the hub, once they are open. */
  watchServices(database: Database, subscriptions: () => Map<string, number>): void {
    this.#sources.database = database;
    this.#sources.subscriptions = subscriptions;
  }

  /** An HTTP request was answered. `route` is the route's pattern, never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.#httpRequests.inc({ method, route, status: String(status) });
    this.#httpSeconds.observe({ route }, seconds);
  }

  /** A mail was sent (or failed). */
  mail(result: 'sent' | 'failed'): void {
    this.#mails.inc({ result });
  }

  /** The Prometheus text format of this node's and the process' metrics. */
  async text(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
