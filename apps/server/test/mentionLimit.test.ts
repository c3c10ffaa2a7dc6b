// One mention limit on both paths (issue 29.5): `messages.send` refuses a body naming more than
// MAX_MENTIONS_PER_MESSAGE people as `messages.edit` does — BAD_REQUEST on the body, nothing stored,
// no NOTIFY — and a send at the limit announces at most that many people's channel lists. On PGlite
// and PostgreSQL (NOTIFY counted by a LISTEN of the test's own).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_MENTIONS_PER_MESSAGE, makeRecordId, mentionToken } from '@seminar/shared';
import { messages } from '../src/db/schema';
import { LIVE_CHANNEL, parseNotices, type LiveNotice } from '../src/live/bus';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let pupil: TestUser;
const heard: LiveNotice[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pia');
});
beforeEach(async () => {
  heard.length = 0;
  unlisten = await server.database.listen(LIVE_CHANNEL, (payload) => {
    heard.push(...(parseNotices(payload)?.notices ?? []));
  });
});
afterEach(() => unlisten());

const mentioning = (count: number) =>
  Array.from({ length: count }, (_, i) => mentionToken(`someone_${i}`)).join(' ');

describe(`the mention limit of a send (${testDatabaseKind})`, () => {
  it('refuses one mention too many like an edit, storing and announcing nothing', async () => {
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [{ user: pupil, role: 'student' }],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };
    const caller = callerFor(server.services, pupil);
    const tooMany = makeRecordId('msg', pupil.uid);
    const refusal = {
      code: 'BAD_REQUEST',
      message: expect.stringContaining(
        `A message can mention at most ${MAX_MENTIONS_PER_MESSAGE} people`,
      ),
    };
    await expect(
      caller.messages.send({ ...ref, id: tooMany, body: mentioning(MAX_MENTIONS_PER_MESSAGE + 1) }),
    ).rejects.toMatchObject(refusal);
    expect(
      await server.database.db.select().from(messages).where(eq(messages.id, tooMany)),
    ).toEqual([]);

    // At the limit it goes through: its notices are the message, the class's lists and one per
    // person named — and the refused send before it announced nothing (NOTIFYs arrive in commit
    // order, so this send's are the first heard).
    const atLimit = makeRecordId('msg', pupil.uid);
    await caller.messages.send({ ...ref, id: atLimit, body: mentioning(MAX_MENTIONS_PER_MESSAGE) });
    await expect.poll(() => heard.some((notice) => notice.ids?.includes(atLimit))).toBe(true);
    const viewerLists = heard.filter((notice) => notice.key.startsWith('viewer:'));
    expect(viewerLists).toHaveLength(MAX_MENTIONS_PER_MESSAGE);
    expect(heard.every((notice) => !notice.ids?.includes(tooMany))).toBe(true);

    // An edit over the limit is refused with the same words.
    await expect(
      caller.messages.edit({ id: atLimit, body: mentioning(MAX_MENTIONS_PER_MESSAGE + 1) }),
    ).rejects.toMatchObject(refusal);
  });
});
