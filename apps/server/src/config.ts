// Docs: README.md#configuration — every variable the server reads, validated once at start (the
// variables' rules are configSchema.ts) and shaped into `Config`.
import type { S3Settings } from './attachments/s3';
import type { LiveLimits } from './live/transport/limits';
import { isLoopbackHost } from './http/loopback';
import type { TrustProxy } from './http/trustProxy';
import type { SsoProviderConfig } from './sso/config';
import { DEFAULT_PASSWORD_HASH_COST } from './auth/password';
import { envSchema } from './configSchema';

/** The server's validated configuration. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The origin users reach, without a trailing slash. */
  publicUrl: string;
  appName: string;
  /** The currency prices are in (ISO 4217), shown by the web app. */
  currency: string;
  adminEmails: readonly string[];
  /** Single sign-on's identity providers (SSO_PROVIDERS; docs/institutions.md). */
  ssoProviders: readonly SsoProviderConfig[];
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Which X-Forwarded-For entries count (http/trustProxy.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** pretty: readable lines (pino-pretty); json: one JSON object a line; auto: pretty on a terminal. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** How long a node drains after SIGTERM before it exits regardless (docs/realtime.md#drain). */
  shutdownGraceMs: number;
  authSecret: string | undefined;
  /** scrypt's cost (N) for new password hashes (docs/accounts.md#password-storage). */
  passwordHashCost: number;
  /** The bearer token other machines scrape /metrics with; unset: this machine only. */
  metricsToken: string | undefined;
  seedDemo: boolean;
  /** Sign-in, sign-up and reset limits (docs/accounts.md#rate-limits). */
  authRateLimits: {
    /** Requests per client IP per minute on each auth endpoint (a class of 30 behind one NAT passes). */
    perIpPerMinute: number;
    /**
     * Failed sign-ins per account and client address that go unslowed; after them each try from
     * that address waits 30 s, doubling up to the window (auth/signInDelays.ts).
     */
    failedSignInsPerAccount: number;
    /** Code requests per account per window, on every route that sends a code. */
    resetRequestsPerAccount: number;
    /** Code checks per account per window, on every route that checks a code (right or wrong). */
    codeChecksPerAccount: number;
    accountWindowSeconds: number;
  };
  /** What one user or socket may cost a node (docs/realtime.md#limits). */
  live: LiveLimits;
  /** Files on messages (docs/channels.md#attachments). */
  attachments: {
    /** The largest file, in bytes. */
    maxBytes: number;
    /** Uploads one user may hold that no sent message carries yet. */
    maxPending: number;
    /** Uploads one user may start per minute on one node. */
    uploadsPerMinute: number;
    /** The S3-compatible store for new files; null: they are kept in the database. */
    s3: S3Settings | null;
  };
  /** Message searches one user may run per minute on one node (docs/channels.md#search). */
  searchPerMinute: number;
  /** Invitation mails one account may cause per UTC day, over all nodes (docs/classes.md#invitations). */
  invitationMailsPerDay: number;
  /** Missed-mention e-mails' jobs (docs/channels.md#exactly-once). */
  notifications: {
    /** How long a node holds a claimed digest before another node may take it over. */
    leaseMs: number;
    /** Digests one node mails at once. */
    concurrency: number;
    /** How often a node looks for jobs that came due or whose lease ran out (mail and push). */
    pollMs: number;
  };
  /** Web Push (docs/channels.md#web-push); its jobs use `notifications`' lease, concurrency, poll. */
  push: {
    /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; null: the pair made once and kept in the database. */
    vapidKeys: { publicKey: string; privateKey: string } | null;
    /** The VAPID `sub` claim: a mailto: address or an https URL. */
    subject: string;
  };
  /** AI agents' job mechanism (docs/ai.md#the-job-mechanism). */
  ai: {
    /** How long a node holds a claimed job before another node may take it over. */
    leaseMs: number;
    /** Claims of one job before it is marked failed (the channel is told). */
    maxAttempts: number;
    /** Agent answers one student may trigger per activity per minute; more are refused. */
    triggersPerMinute: number;
    /** Jobs one node answers at once (a slow model's answer does not hold up the others). */
    concurrency: number;
    /** The OpenAI-compatible endpoint LLM agents use; null: LLM agents are not configured. */
    llm: {
      baseUrl: string;
      model: string;
      apiKey: string | undefined;
      /** Most rewrites a second of a streaming answer or summary (each a write and a fan-out). */
      streamUpdatesPerSecond: number;
    } | null;
    /** An OpenAI-compatible `/v1/moderations` endpoint (docs/ai.md#moderation); null: none. */
    moderation: { baseUrl: string; apiKey: string | undefined } | null;
  };
}

/** A configuration value that failed validation; its message names the variable and the rule. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from an environment.
 * Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
 * @throws ConfigError with one line per bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in envSchema.shape && value !== undefined && value !== '',
    ),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const got = present[key];
      return `  ${key} ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const publicUrl = new URL(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`);
  if (publicUrl.protocol !== 'http:' && publicUrl.protocol !== 'https:') {
    throw new ConfigError(
      `Invalid configuration:\n  PUBLIC_URL must be an http(s) URL (got "${value.PUBLIC_URL}")`,
    );
  }
  if ((value.AI_BASE_URL === undefined) !== (value.AI_MODEL === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL and AI_MODEL must be set together (LLM agents need both)',
    );
  }
  const s3Keys = [
    'ATTACHMENT_S3_URL',
    'ATTACHMENT_S3_BUCKET',
    'ATTACHMENT_S3_ACCESS_KEY_ID',
    'ATTACHMENT_S3_SECRET_ACCESS_KEY',
  ] as const;
  const s3Set = s3Keys.filter((key) => value[key] !== undefined);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    throw new ConfigError(
      `Invalid configuration:\n  ${s3Keys.join(', ')} must be set together (missing ${s3Keys
        .filter((key) => value[key] === undefined)
        .join(', ')})`,
    );
  }
  if ((value.VAPID_PUBLIC_KEY === undefined) !== (value.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (one key pair)',
    );
  }
  const isProduction = value.NODE_ENV === 'production';
  if (isProduction && value.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_COST must be at least ${DEFAULT_PASSWORD_HASH_COST} in production (a lower cost makes stolen password hashes quicker to crack)`,
    );
  }
  const smtpFrom = value.SMTP_FROM ?? `${value.APP_NAME} <no-reply@${publicUrl.hostname}>`;
  return {
    nodeEnv: value.NODE_ENV,
    isProduction,
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    publicUrl: publicUrl.origin,
    appName: value.APP_NAME,
    currency: value.CURRENCY,
    adminEmails: value.ADMIN_EMAILS,
    ssoProviders: value.SSO_PROVIDERS ?? [],
    smtpUrl: value.SMTP_URL,
    smtpFrom,
    trustProxy: value.TRUST_PROXY ?? false,
    logLevel: value.LOG_LEVEL,
    logFormat: value.LOG_FORMAT,
    shutdownGraceMs: value.SHUTDOWN_GRACE_SECONDS * 1000,
    authSecret: value.AUTH_SECRET,
    passwordHashCost: value.PASSWORD_HASH_COST,
    metricsToken: value.METRICS_TOKEN,
    // The demo accounts' password is published: only on a server no other machine can reach.
    seedDemo: value.SEED_DEMO ?? (!isProduction && isLoopbackHost(value.HOST)),
    authRateLimits: {
      perIpPerMinute: value.AUTH_RATE_LIMIT_PER_IP,
      failedSignInsPerAccount: value.AUTH_FAILED_SIGN_IN_LIMIT,
      resetRequestsPerAccount: value.AUTH_RESET_REQUEST_LIMIT,
      codeChecksPerAccount: value.AUTH_CODE_CHECK_LIMIT,
      accountWindowSeconds: value.AUTH_ACCOUNT_WINDOW_SECONDS,
    },
    live: {
      socketsPerUser: value.LIVE_MAX_SOCKETS_PER_USER,
      subscriptionsPerSocket: value.LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET,
      requestsInFlightPerSocket: value.LIVE_MAX_REQUESTS_IN_FLIGHT,
      bufferedBytesPerSocket: value.LIVE_MAX_BUFFERED_BYTES,
      maxFrameBytes: value.LIVE_MAX_FRAME_BYTES,
      mutationsPerSecond: value.LIVE_MUTATIONS_PER_SECOND,
      mutationBurst: value.LIVE_MUTATION_BURST,
      signalsPerSecond: value.LIVE_SIGNALS_PER_SECOND,
      signalBurst: value.LIVE_SIGNAL_BURST,
      pingMs: value.LIVE_PING_MS,
      sessionSweepMs: value.LIVE_SESSION_SWEEP_MS,
    },
    attachments: {
      maxBytes: value.ATTACHMENT_MAX_BYTES,
      maxPending: value.ATTACHMENT_MAX_PENDING,
      uploadsPerMinute: value.ATTACHMENT_UPLOADS_PER_MINUTE,
      s3:
        value.ATTACHMENT_S3_URL !== undefined &&
        value.ATTACHMENT_S3_BUCKET !== undefined &&
        value.ATTACHMENT_S3_ACCESS_KEY_ID !== undefined &&
        value.ATTACHMENT_S3_SECRET_ACCESS_KEY !== undefined
          ? {
              url: value.ATTACHMENT_S3_URL.replace(/\/+$/, ''),
              bucket: value.ATTACHMENT_S3_BUCKET,
              region: value.ATTACHMENT_S3_REGION,
              accessKeyId: value.ATTACHMENT_S3_ACCESS_KEY_ID,
              secretAccessKey: value.ATTACHMENT_S3_SECRET_ACCESS_KEY,
            }
          : null,
    },
    searchPerMinute: value.SEARCH_PER_MINUTE,
    invitationMailsPerDay: value.INVITATION_MAILS_PER_DAY,
    notifications: {
      leaseMs: value.NOTIFY_JOB_LEASE_SECONDS * 1000,
      concurrency: value.NOTIFY_JOB_CONCURRENCY,
      pollMs: value.NOTIFY_POLL_SECONDS * 1000,
    },
    push: {
      vapidKeys:
        value.VAPID_PUBLIC_KEY !== undefined && value.VAPID_PRIVATE_KEY !== undefined
          ? { publicKey: value.VAPID_PUBLIC_KEY, privateKey: value.VAPID_PRIVATE_KEY }
          : null,
      // Push services want a way to reach the sender: the https site, else the mails' sender.
      subject:
        value.VAPID_SUBJECT ??
        (publicUrl.protocol === 'https:' && publicUrl.hostname !== 'localhost'
          ? publicUrl.origin
          : `mailto:${/<([^>]+)>/.exec(smtpFrom)?.[1] ?? smtpFrom.trim()}`),
    },
    ai: {
      leaseMs: value.AI_JOB_LEASE_SECONDS * 1000,
      maxAttempts: value.AI_JOB_MAX_ATTEMPTS,
      triggersPerMinute: value.AI_TRIGGERS_PER_MINUTE,
      concurrency: value.AI_JOB_CONCURRENCY,
      llm:
        value.AI_BASE_URL !== undefined && value.AI_MODEL !== undefined
          ? {
              baseUrl: value.AI_BASE_URL.replace(/\/+$/, ''),
              model: value.AI_MODEL,
              apiKey: value.AI_API_KEY,
              streamUpdatesPerSecond: value.AI_STREAM_UPDATES_PER_SECOND,
            }
          : null,
      moderation:
        value.AI_MODERATION_URL !== undefined
          ? {
              baseUrl: value.AI_MODERATION_URL.replace(/\/+$/, ''),
              apiKey: value.AI_MODERATION_API_KEY,
            }
          : null,
    },
  };
}
