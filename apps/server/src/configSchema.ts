// Docs: README.md#configuration — the environment variables' rules: each variable the server reads,
// its type, bounds and default, with the words a bad value is refused in. config.ts applies them
// once at start and shapes the result into `Config`.
import { z } from 'zod';
import {
  currencySchema,
  DEFAULT_APP_NAME,
  DEFAULT_ATTACHMENT_MAX_BYTES,
  DEFAULT_CURRENCY,
} from '@seminar/shared';
import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE } from './auth/password';
import { trustProxySchema } from './http/trustProxy';
import { ssoProvidersSchema } from './sso/config';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(/[,\s]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })));

const positiveInt = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1');

/** Every variable the server reads, with its rule and default (empty strings count as unset). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z
    .url({ message: 'must be an http(s) URL such as https://seminar.example.edu' })
    .optional(),
  APP_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .default(DEFAULT_APP_NAME),
  ADMIN_EMAILS: emailList.default([]),
  SSO_PROVIDERS: ssoProvidersSchema.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  CURRENCY: currencySchema.default(DEFAULT_CURRENCY),
  SHUTDOWN_GRACE_SECONDS: positiveInt.max(600, 'must be at most 600').default(10),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanText.optional(),
  // scrypt's cost (N) for new password hashes: a power of two. Tests lower it (each hash at the
  // default takes ~0.3 s of a core); production refuses less than the default (config.ts).
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int('must be a whole number')
    .min(PASSWORD_HASH_COST_RANGE.min, `must be at least ${PASSWORD_HASH_COST_RANGE.min}`)
    .max(PASSWORD_HASH_COST_RANGE.max, `must be at most ${PASSWORD_HASH_COST_RANGE.max}`)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two, such as 16384')
    .default(DEFAULT_PASSWORD_HASH_COST),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(60),
  AUTH_FAILED_SIGN_IN_LIMIT: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  AUTH_RESET_REQUEST_LIMIT: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  AUTH_CODE_CHECK_LIMIT: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  AUTH_ACCOUNT_WINDOW_SECONDS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(900),
  LIVE_MAX_SOCKETS_PER_USER: positiveInt.default(16),
  LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: positiveInt.default(64),
  LIVE_MAX_REQUESTS_IN_FLIGHT: positiveInt.default(32),
  LIVE_MAX_BUFFERED_BYTES: positiveInt.default(2 * 1024 * 1024),
  LIVE_MAX_FRAME_BYTES: positiveInt.min(16 * 1024, 'must be at least 16384').default(64 * 1024),
  LIVE_MUTATIONS_PER_SECOND: positiveInt.default(10),
  LIVE_MUTATION_BURST: positiveInt.default(40),
  LIVE_SIGNALS_PER_SECOND: positiveInt.default(20),
  LIVE_SIGNAL_BURST: positiveInt.default(60),
  LIVE_PING_MS: positiveInt.default(30_000),
  LIVE_SESSION_SWEEP_MS: positiveInt.default(30_000),
  ATTACHMENT_MAX_BYTES: positiveInt.default(DEFAULT_ATTACHMENT_MAX_BYTES),
  ATTACHMENT_MAX_PENDING: positiveInt.default(10),
  ATTACHMENT_UPLOADS_PER_MINUTE: positiveInt.default(30),
  ATTACHMENT_S3_URL: z
    .url({ message: 'must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com' })
    .regex(/^https?:\/\//, 'must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com')
    .optional(),
  ATTACHMENT_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    )
    .optional(),
  ATTACHMENT_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as eu-central-1')
    .default('us-east-1'),
  ATTACHMENT_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ATTACHMENT_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SEARCH_PER_MINUTE: positiveInt.default(30),
  INVITATION_MAILS_PER_DAY: positiveInt.default(1000),
  AI_JOB_LEASE_SECONDS: positiveInt.max(3600, 'must be at most 3600').default(60),
  AI_JOB_MAX_ATTEMPTS: positiveInt.max(10, 'must be at most 10').default(3),
  AI_TRIGGERS_PER_MINUTE: positiveInt.default(5),
  AI_JOB_CONCURRENCY: positiveInt.max(16, 'must be at most 16').default(2),
  NOTIFY_JOB_LEASE_SECONDS: positiveInt.max(3600, 'must be at most 3600').default(60),
  NOTIFY_JOB_CONCURRENCY: positiveInt.max(64, 'must be at most 64').default(8),
  NOTIFY_POLL_SECONDS: positiveInt.max(3600, 'must be at most 3600').default(5),
  AI_STREAM_UPDATES_PER_SECOND: positiveInt.max(1000, 'must be at most 1000').default(4),
  // Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it): a P-256
  // public key (65 bytes) and private key (32 bytes). Unset: made once and kept in the database.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL')
    .optional(),
  AI_BASE_URL: z
    .url({ message: 'must be an http(s) URL such as http://localhost:11434/v1' })
    .regex(/^https?:\/\//, 'must be an http(s) URL such as http://localhost:11434/v1')
    .optional(),
  AI_MODEL: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODERATION_URL: z
    .url({ message: 'must be an http(s) URL such as https://api.openai.com/v1' })
    .regex(/^https?:\/\//, 'must be an http(s) URL such as https://api.openai.com/v1')
    .optional(),
  AI_MODERATION_API_KEY: z.string().min(1).optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters (it guards /metrics from other machines)')
    .optional(),
});
