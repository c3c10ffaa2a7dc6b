// GET /metrics (docs/operations.md#metrics): scraped from this machine, its counters move when a
// message is sent through the live socket and delivered to a subscriber; from another machine, or
// forwarded by a proxy on this one, it is refused unless the request carries METRICS_TOKEN.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp, startListening } from './factories';
import { createClassFixture, signUpUser } from './fixtures';
import { openRawSocket, type RawLiveSocket } from './rawSocket';
import { afterPasses, workerPasses } from './workerPasses';

const TOKEN = 'metrics-token-0123456789abcdef';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
const sockets: RawLiveSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.app.close();
  await database.close();
});

/** The value of one series in a Prometheus text page (0 when absent). */
function sample(page: string, series: string): number {
  for (const line of page.split('\n'))
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  return 0;
}

async function scrape(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

describe(`/metrics (${testDatabaseKind})`, () => {
  it('moves the live, send and HTTP counters when a message is sent and delivered', async () => {
    const sender = await signUpUser(server.app, server.url, 'Metric, Max');
    const reader = await signUpUser(server.app, server.url, 'Metric, Mia');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: sender, role: 'instructor' },
        { user: reader, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const listening = await openRawSocket(server.url, {
      origin: server.url,
      cookie: reader.cookie,
    });
    const posting = await openRawSocket(server.url, { origin: server.url, cookie: sender.cookie });
    sockets.push(listening, posting);
    listening.send({
      t: 's',
      id: 1,
      p: 'messages.live',
      i: { class_id: classId, channel_id: channelId },
    });
    await listening.waitFor((frame) => (frame as { t?: string }).t === 's');

    const before = await scrape();
    expect(sample(before, 'seminar_live_sockets')).toBe(2);
    expect(sample(before, 'seminar_live_subscriptions{topic="messages.live"}')).toBe(1);

    const id = makeRecordId('msg', sender.uid);
    posting.send({
      t: 'm',
      id: 7,
      p: 'messages.send',
      i: { id, class_id: classId, channel_id: channelId, body: 'Counted?' },
    });
    await posting.waitFor((frame) => (frame as { id?: number }).id === 7);
    await listening.waitFor((frame) => {
      const event = (frame as { t?: string; e?: LiveEvent<Message> }).e;
      return event?.type === 'upsert' && event.rows.some((row) => row.id === id);
    });

    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('seminar_live_deliveries_total')).toBeGreaterThanOrEqual(1);
    // The answer to the send and the event to the reader, at least.
    expect(moved('seminar_live_frames_total')).toBeGreaterThanOrEqual(2);
    expect(moved('seminar_live_frame_bytes_total')).toBeGreaterThan(0);
    expect(moved('seminar_live_notices_total')).toBeGreaterThanOrEqual(1);
    expect(moved('seminar_send_batch_size_count')).toBe(1);
    expect(moved('seminar_send_commit_seconds_count')).toBe(1);
    // The first scrape itself was counted as an HTTP request by its route.
    expect(moved('seminar_http_requests_total{method="GET",route="/metrics",status="200"}')).toBe(
      1,
    );
    // The process' own metrics and the event loop's lag are there too.
    expect(after).toMatch(/^process_cpu_seconds_total /m);
    expect(after).toMatch(/^process_resident_memory_bytes /m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(after).toMatch(/^seminar_agent_jobs\{state="queued"\} 0$/m);
    if (testDatabaseKind === 'postgres')
      expect(sample(after, 'seminar_db_pool_connections{state="max"}')).toBeGreaterThan(0);
  });

  it("counts every background worker's passes", async () => {
    // Each worker looks once at start; the phase timer sweeps every second.
    for (const worker of ['agents', 'notifications', 'push', 'phase_timer'] as const)
      await expect.poll(() => workerPasses(server.url, worker)).toBeGreaterThanOrEqual(1);
    await afterPasses([server.url], 'phase_timer');
  });

  it('counts a socket the per-user limit refused', async () => {
    const made = await startListening(database, { LIVE_MAX_SOCKETS_PER_USER: '1' });
    let first: RawLiveSocket | null = null;
    try {
      const user = await signUpUser(made.app, made.url, 'Metric, Moe');
      first = await openRawSocket(made.url, { origin: made.url, cookie: user.cookie });
      await expect(
        openRawSocket(made.url, { origin: made.url, cookie: user.cookie }),
      ).rejects.toThrow(/429/);
      const page = await (await fetch(`${made.url}/metrics`)).text();
      expect(sample(page, 'seminar_live_refused_total{limit="sockets_per_user"}')).toBe(1);
    } finally {
      first?.destroy();
      await first?.ended;
      await made.app.close();
    }
  });
});

describe(`/metrics is protected (${testDatabaseKind})`, () => {
  it('refuses another machine without a token, and a proxied request from this one', async () => {
    const { app } = await makeApp(database, { TRUST_PROXY: 'loopback' }, { startReady: false });
    try {
      const outside = await app.inject({ url: '/metrics', remoteAddress: '198.51.100.7' });
      expect(outside.statusCode).toBe(403);
      expect(outside.body).not.toContain('seminar_');
      // A reverse proxy on this machine connects from loopback on behalf of anyone.
      const proxied = await app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(proxied.statusCode).toBe(403);
      const local = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('seminar_live_sockets 0');
    } finally {
      await app.close();
    }
  });

  it('serves another machine that sends METRICS_TOKEN, and only that token', async () => {
    const outside = { remoteAddress: '198.51.100.7', url: '/metrics' } as const;
    const none = await server.app.inject(outside);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await server.app.inject({
      ...outside,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('seminar_');
    const right = await server.app.inject({
      ...outside,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('seminar_http_requests_total');
  });
});
