// An HTTP fuzz of the auth routes and the attachment upload (issue 29.6): deep JSON, wrong types,
// huge strings and odd content types from a seeded generator, so a failure reproduces with its
// seed (SEMINAR_FUZZ_SEED=<n>). Every answer must be a 4xx or a success, never a 5xx. Also the
// exact reproductions of issue 29.5 (a 5,000-deep array, an oversize body). On both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_AUTH_ROUTES } from '../src/auth/allowedRoutes';
import { AUTH_BODY_LIMIT } from '../src/auth/routes';
import { authClient, uniqueEmail } from './authClient';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

// Per-address limits high: the fuzz is about what a request body does, not about 429s.
const server = useTestServer({
  AUTH_RATE_LIMIT_PER_IP: '100000',
  ATTACHMENT_UPLOADS_PER_MINUTE: '100000',
});
const SEED = Number(process.env.SEMINAR_FUZZ_SEED ?? 2029);

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

/** JSON text nested `depth` levels (arrays or objects), built without recursion. */
function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const ODD_STRINGS = ['', ' ', '\u0000', '\ud800', '😀', '"', '\\', 'a'.repeat(300), '<script>'];

/** A value of any JSON type, sometimes huge or odd. */
function anyValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 6 : 9)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 2:
      return random.next() < 0.5;
    case 3:
      return random.pick(ODD_STRINGS);
    case 4:
      return 'x'.repeat(random.pick([10, 1_000, 20_000, 200_000]));
    case 5:
      return uniqueEmail('fuzz');
    case 6:
      return [anyValue(random, depth + 1), anyValue(random, depth + 1)];
    case 7:
      return { email: anyValue(random, depth + 1), nested: anyValue(random, depth + 1) };
    default:
      // Own keys named __proto__ and constructor, as a hostile client's JSON has them.
      return JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":1}}') as unknown;
  }
}

const AUTH_FIELDS = ['email', 'password', 'name', 'otp', 'type', 'newPassword', 'token', 'image'];

/** A body for an auth route: its fields with values of any type, or a body that is not one. */
function authBody(random: Random): { payload: string; contentType: string | undefined } {
  const contentType = random.pick([
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/merge-patch+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    undefined,
  ]);
  const shape = random.int(6);
  if (shape === 0)
    return {
      payload: deepJson(
        random.pick([9, 100, 5_000, 50_000]),
        random.pick(['array', 'object'] as const),
      ),
      contentType,
    };
  if (shape === 1)
    return {
      payload: random.pick(['', '{', '[1,', 'null', '"x"', '{"a":1}}', 'email=a@b.c']),
      contentType,
    };
  const body: Record<string, unknown> = {};
  for (const field of AUTH_FIELDS) if (random.next() < 0.5) body[field] = anyValue(random);
  return { payload: JSON.stringify(body), contentType };
}

let owner: TestUser;
let classId: string;
let channelId: string;
beforeAll(async () => {
  owner = await signUpUser(server.made.app, server.made.config.publicUrl, 'Fuzz, Fay');
  const fixture = await createClassFixture(server.database.db, {
    members: [{ user: owner, role: 'instructor' }],
  });
  classId = fixture.classId;
  channelId = fixture.channelIds[0]!;
});

describe(`deep and oversize auth bodies (${testDatabaseKind})`, () => {
  it('refuses a 5,000-deep JSON array (or 2,000-deep object) on every auth POST route with 400 BODY_TOO_DEEP', async () => {
    const client = authClient(server.made.app, server.made.config.publicUrl);
    for (const route of ALLOWED_AUTH_ROUTES) {
      for (const kind of ['array', 'object'] as const) {
        const response = await server.made.app.inject({
          method: 'POST',
          url: `/api/auth${route}`,
          headers: { origin: server.made.config.publicUrl, 'content-type': 'application/json' },
          // 5,000 levels of `[` is 10 KB; objects take 5 bytes a level, so 2,000 stay under the limit too.
          payload: deepJson(kind === 'array' ? 5_000 : 2_000, kind),
        });
        expect({
          route,
          kind,
          status: response.statusCode,
          code: response.json<{ code?: string }>().code,
        }).toEqual({
          route,
          kind,
          status: 400,
          code: 'BODY_TOO_DEEP',
        });
      }
    }
    // A real body still passes.
    expect((await client.signIn(owner.email, 'wrong password')).status).toBe(401);
  });

  it('refuses a body over the auth limit with 400 BODY_TOO_LARGE (a 900,000-character name)', async () => {
    const client = authClient(server.made.app, server.made.config.publicUrl);
    const email = uniqueEmail('huge');
    const response = await client.signUp(
      'N'.repeat(900_000),
      email,
      'correct horse battery staple',
    );
    expect(response.status).toBe(400);
    expect(response.body?.code).toBe('BODY_TOO_LARGE');
    expect(response.body?.message).toContain(`${AUTH_BODY_LIMIT / 1024} KiB`);
  });
});

describe(`HTTP fuzz, seed ${SEED} (${testDatabaseKind})`, () => {
  it('answers every fuzzed auth request without a 5xx', async () => {
    const random = generator(SEED);
    const failures: string[] = [];
    const routes = [...ALLOWED_AUTH_ROUTES, '/sign-in/email-otp', '/no-such-route'];
    for (let index = 0; index < 240; index += 1) {
      const route = random.pick(routes);
      const method = random.next() < 0.85 ? 'POST' : 'GET';
      const { payload, contentType } = authBody(random);
      const response = await server.made.app.inject({
        method,
        url: `/api/auth${route}`,
        remoteAddress: `198.18.${random.int(250)}.${random.int(250)}`,
        headers: {
          origin: server.made.config.publicUrl,
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(random.next() < 0.3 ? { cookie: owner.cookie } : {}),
        },
        ...(method === 'POST' ? { payload } : {}),
      });
      if (response.statusCode >= 500)
        failures.push(
          `#${index} ${method} ${route} ${contentType} ${payload.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });

  it('answers every fuzzed upload without a 5xx', async () => {
    const random = generator(SEED + 1);
    const failures: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const query = new URLSearchParams();
      if (random.next() < 0.8)
        query.append(
          'class_id',
          random.pick([classId, classId, 'x', '', '..', 'a/b', 'c'.repeat(2_000)]),
        );
      if (random.next() < 0.8)
        query.append('channel_id', random.pick([channelId, channelId, 'x', '\u0000']));
      if (random.next() < 0.9)
        query.append(
          'name',
          String(
            random.pick([
              'a.png',
              '',
              '\ud800.txt',
              'n'.repeat(5_000),
              '😀'.repeat(600),
              '../../etc/passwd',
            ]),
          ),
        );
      if (random.next() < 0.2) query.append('name', 'second.txt');
      const size = random.pick([0, 1, 100, 70_000]);
      const response = await server.made.app.inject({
        method: 'POST',
        url: `/api/attachments?${query.toString()}`,
        headers: {
          origin: server.made.config.publicUrl,
          ...(random.next() < 0.85 ? { cookie: owner.cookie } : {}),
          'content-type': random.pick([
            'application/octet-stream',
            'application/json',
            'image/png',
            'text/plain',
            'multipart/form-data',
          ]),
        },
        payload:
          random.next() < 0.3 ? deepJson(5_000, 'array') : Buffer.alloc(size, random.int(256)),
      });
      if (response.statusCode >= 500)
        failures.push(
          `#${index} ${query.toString().slice(0, 160)} (${size} bytes) → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
    }
    expect(failures, `seed ${SEED + 1}`).toEqual([]);
  });
});
