// Errors never carry SQL or data: a failed query (here: its table renamed away) reaches the client as
// INTERNAL_SERVER_ERROR with a worded message and an error id, never `Failed query: … params: …`;
// the server's log has the detail under the same id. Over the live socket and over HTTP; on PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { makeRecordId } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { internalErrorMessage } from '../src/errors';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let instructor: TestUser;
const logLines: string[] = [];
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database, {}, { logLines });
  instructor = await signUpUser(server.app, server.url, 'Franklin, Rosalind');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

/** Runs `fn` while `table` is renamed away, so every query on it fails. */
async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await database.query(`alter table ${table} rename to ${table}_away`, []);
  try {
    return await fn();
  } finally {
    await database.query(`alter table ${table}_away rename to ${table}`, []);
  }
}

/** The log lines (parsed) that carry `errorId`. */
const loggedUnder = (errorId: string) =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.errorId === errorId);

const ERROR_ID = /^[0-9a-f]{12}$/;

describe(`errors carry no SQL or data (${testDatabaseKind})`, () => {
  it('a failed query over the live socket: a worded error and an id; the detail in the log', async () => {
    const { classId } = await createClassFixture(database.db, {
      members: [{ user: instructor, role: 'instructor' }],
    });
    const client = connectLive(server.url, { cookie: instructor.cookie });
    clients.push(client);
    const secretTitle = 'Secret case title 4711';
    const activityId = makeRecordId('activity', instructor.uid);

    const error = await withoutTable('activities', () =>
      client.trpc.activities.save
        .mutate({ activity_id: activityId, class_id: classId, title: secretTitle })
        .then(
          () => null,
          (failure: unknown) => failure,
        ),
    );

    expect(error).toBeInstanceOf(TRPCClientError);
    const failure = error as TRPCClientError<never>;
    const data = failure.data as unknown as { code: string; errorId: string };
    expect(data.code).toBe('INTERNAL_SERVER_ERROR');
    expect(data.errorId).toMatch(ERROR_ID);
    expect(failure.message).toBe(internalErrorMessage(data.errorId));
    const wire = JSON.stringify({
      message: failure.message,
      data: failure.data,
      shape: failure.shape,
    });
    // (data.path names the procedure, activities.save: that is the client's own request.)
    for (const leak of [
      'Failed query',
      'params',
      'insert',
      '"activities"',
      'relation',
      secretTitle,
      classId,
      activityId,
    ])
      expect(wire).not.toContain(leak);

    const logged = loggedUnder(data.errorId);
    expect(logged).toHaveLength(1);
    const detail = JSON.stringify(logged[0]);
    expect(detail).toContain('Failed query');
    expect(detail).toContain(activityId);
    expect(detail).toContain('does not exist');
    expect(logged[0]).toMatchObject({ level: 50, path: 'activities.save', uid: instructor.uid });

    // The same request works once the table is back: the socket and the server are fine.
    await expect(
      client.trpc.activities.save.mutate({
        activity_id: activityId,
        class_id: classId,
        title: secretTitle,
      }),
    ).resolves.toMatchObject({ title: secretTitle });
  });

  it('a failed query over HTTP: a worded 500 with an id; the detail in the log', async () => {
    const response = await withoutTable('analytics_events', () =>
      fetch(`${server.url}/api/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie: instructor.cookie,
        },
        body: JSON.stringify([
          {
            event: 'sign_in',
            payload: { uid: instructor.uid },
            event_variant: 'instructor',
            database_name: 'seminar',
            version: '0.3.0',
            timestamp: Date.now(),
            user_agent: 'Secret agent 0042',
            timezone: 'UTC',
            languages: ['en'],
            screen_width: 1,
            screen_height: 1,
            pixel_ratio: 1,
          },
        ]),
      }),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text) as { message: string; errorId: string };
    expect(body.errorId).toMatch(ERROR_ID);
    expect(body.message).toBe(internalErrorMessage(body.errorId));
    for (const leak of ['Failed query', 'params', 'analytics_events', 'Secret agent 0042'])
      expect(text).not.toContain(leak);
    const logged = loggedUnder(body.errorId);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain('Secret agent 0042');
  });
});
