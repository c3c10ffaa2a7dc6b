import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      appName: 'Seminar',
      adminEmails: [],
      smtpUrl: undefined,
      trustProxy: false,
      isProduction: false,
      seedDemo: true,
      shutdownGraceMs: 10_000,
    });
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceMs).toBe(30_000);
  });

  it('reads PASSWORD_HASH_COST as a power of two, never under the default in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(16_384);
    expect(loadConfig({ PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    expect(
      loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '65536' }).passwordHashCost,
    ).toBe(65_536);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(
      /PASSWORD_HASH_COST must be a power of two/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '512' })).toThrow(
      /PASSWORD_HASH_COST must be at least 1024/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '1024' })).toThrow(
      /PASSWORD_HASH_COST must be at least 16384 in production/,
    );
  });

  it('reads METRICS_TOKEN only when it is long enough to guard /metrics', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'x'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 24/,
    );
  });

  it('derives PUBLIC_URL from PORT and keeps only the origin of a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://seminar.example.edu/' }).publicUrl).toBe(
      'https://seminar.example.edu',
    );
  });

  it('reads the VAPID key pair only as a pair, and a subject that push services accept', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadConfig({}).push.vapidKeys).toBeNull();
    expect(loadConfig(pair).push.vapidKeys).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://x.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@x.example' }).push.subject).toBe(
      'mailto:ops@x.example',
    );
    // Defaults: an https site, else the mails' sender.
    expect(loadConfig({ PUBLIC_URL: 'https://seminar.example.edu' }).push.subject).toBe(
      'https://seminar.example.edu',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:3000', SMTP_FROM: 'Seminar <hi@x.example>' }).push
        .subject,
    ).toBe('mailto:hi@x.example');
  });

  it('reads the LLM endpoint only with both AI_BASE_URL and AI_MODEL', () => {
    expect(loadConfig({}).ai.llm).toBeNull();
    expect(
      loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1' }).ai.llm,
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      apiKey: undefined,
      streamUpdatesPerSecond: 4,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /AI_BASE_URL and AI_MODEL must be set together/,
    );
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
    expect(loadConfig({}).ai).toMatchObject({
      leaseMs: 60_000,
      maxAttempts: 3,
      triggersPerMinute: 5,
      concurrency: 2,
    });
    expect(loadConfig({ AI_JOB_CONCURRENCY: '4' }).ai.concurrency).toBe(4);
    expect(() => loadConfig({ AI_JOB_CONCURRENCY: '0' })).toThrow(/AI_JOB_CONCURRENCY/);
    expect(() => loadConfig({ AI_JOB_CONCURRENCY: '17' })).toThrow(
      /AI_JOB_CONCURRENCY must be at most 16/,
    );
    const llm = { AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' };
    expect(
      loadConfig({ ...llm, AI_STREAM_UPDATES_PER_SECOND: '1000' }).ai.llm?.streamUpdatesPerSecond,
    ).toBe(1000);
    expect(() => loadConfig({ ...llm, AI_STREAM_UPDATES_PER_SECOND: '0' })).toThrow(
      /AI_STREAM_UPDATES_PER_SECOND/,
    );
    expect(() => loadConfig({ ...llm, AI_STREAM_UPDATES_PER_SECOND: '1001' })).toThrow(
      /AI_STREAM_UPDATES_PER_SECOND must be at most 1000/,
    );
  });

  it('reads how often the mail and push workers poll for due jobs', () => {
    expect(loadConfig({}).notifications.pollMs).toBe(5_000);
    expect(loadConfig({ NOTIFY_POLL_SECONDS: '1' }).notifications.pollMs).toBe(1_000);
    expect(() => loadConfig({ NOTIFY_POLL_SECONDS: '0' })).toThrow(/NOTIFY_POLL_SECONDS/);
    expect(() => loadConfig({ NOTIFY_POLL_SECONDS: '1.5' })).toThrow(
      /NOTIFY_POLL_SECONDS must be a whole number/,
    );
    expect(() => loadConfig({ NOTIFY_POLL_SECONDS: '3601' })).toThrow(
      /NOTIFY_POLL_SECONDS must be at most 3600/,
    );
  });

  it('reads the S3 attachment store only with its endpoint, bucket and keys all set', () => {
    const s3 = {
      ATTACHMENT_S3_URL: 'https://s3.eu-central-1.amazonaws.com/',
      ATTACHMENT_S3_BUCKET: 'seminar-files',
      ATTACHMENT_S3_ACCESS_KEY_ID: 'AKIA123',
      ATTACHMENT_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({}).attachments.s3).toBeNull();
    expect(loadConfig(s3).attachments.s3).toEqual({
      url: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'seminar-files',
      region: 'us-east-1',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...s3, ATTACHMENT_S3_REGION: 'eu-central-1' }).attachments.s3?.region).toBe(
      'eu-central-1',
    );
    expect(() => loadConfig({ ...s3, ATTACHMENT_S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /must be set together \(missing ATTACHMENT_S3_SECRET_ACCESS_KEY\)/,
    );
    expect(() => loadConfig({ ...s3, ATTACHMENT_S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /ATTACHMENT_S3_BUCKET must be an S3 bucket name/,
    );
    expect(() => loadConfig({ ...s3, ATTACHMENT_S3_URL: 'ftp://x' })).toThrow(/ATTACHMENT_S3_URL/);
    expect(loadConfig({}).searchPerMinute).toBe(30);
  });

  it('normalises ADMIN_EMAILS', () => {
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ada@Example.edu, grace@example.edu ' }).adminEmails,
    ).toEqual(['ada@example.edu', 'grace@example.edu']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://example.edu' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ ADMIN_EMAILS: 'ada@example.edu, nope' }, 'ADMIN_EMAILS must be a comma-separated list'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ APP_NAME: 'x'.repeat(61) }, 'APP_NAME must be at most 60 characters'],
    [{ SHUTDOWN_GRACE_SECONDS: '0' }, 'SHUTDOWN_GRACE_SECONDS must be at least 1'],
    [{ SHUTDOWN_GRACE_SECONDS: '601' }, 'SHUTDOWN_GRACE_SECONDS must be at most 600'],
  ])('rejects %o with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 ::1 loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    // `true` trusted the client's own entries: the message names the forms that replace it.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY no longer takes true .*1, or proxy addresses/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow('"10.0.0.300" is not an IP');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('prefix length out of range');
    expect(() => loadConfig({ TRUST_PROXY: '17' })).toThrow('between 0 and 16 hops');
  });

  it('quotes the bad value in the message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('(got "abc")');
  });

  it('turns the demo seed off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('seeds the demo accounts (a published password) only on a loopback HOST unless asked', () => {
    expect(loadConfig({ HOST: 'localhost' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.10' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ HOST: 'localhost', SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});
