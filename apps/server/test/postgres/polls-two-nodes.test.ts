// Polls and cold-call on two server processes on one PostgreSQL (docs/polls.md): a vote cast
// through node A moves the counts of a subscriber on node B, a close too, and a student's post
// through node A clears the spotlight a subscriber on node B sees (the migration's trigger notices).
import { describe, it } from 'vitest';
import { makeRecordId, type LiveEvent, type PollView, type SpotlightView } from '@seminar/shared';
import { createClassFixture, type TestUser } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';

const nodes = useTwoNodes();

/** The rows a collection log holds now. */
function rowsOf<Row extends { id: string }>(events: LiveEvent<Row>[]): Row[] {
  const rows = new Map<string, Row>();
  for (const event of events) {
    if (event.type === 'snapshot') {
      rows.clear();
      for (const row of event.rows) rows.set(row.id, row);
    } else if (event.type === 'upsert') for (const row of event.rows) rows.set(row.id, row);
    else if (event.type === 'remove') for (const id of event.ids) rows.delete(id);
  }
  return [...rows.values()];
}

describe('polls and cold-call on two nodes', () => {
  it('shows votes, a close and a cleared spotlight on the other node', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const teacher = await signUp(nodeA, 'Teach, Tara');
    const ada = await signUp(nodeA, 'Lovelace, Ada');
    const bob = await signUp(nodeA, 'Builder, Bob');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: ada, role: 'student' },
        { user: bob, role: 'student' },
      ],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };

    const polls = new EventLog<LiveEvent<PollView>>();
    live(nodeB, bob).trpc.polls.live.subscribe(ref, {
      onData: (event) => polls.push(event as LiveEvent<PollView>),
      onError: (error) => polls.fail(error),
    });
    const banner = new EventLog<LiveEvent<SpotlightView>>();
    live(nodeB, bob).trpc.coldCall.live.subscribe(ref, {
      onData: (event) => banner.push(event as LiveEvent<SpotlightView>),
      onError: (error) => banner.fail(error),
    });
    await polls.until((events) => events.some((event) => event.type === 'snapshot'));
    await banner.until((events) => events.some((event) => event.type === 'snapshot'));

    const onA = (user: TestUser) => live(nodeA, user).trpc;
    const poll = await onA(teacher).polls.create.mutate({
      id: makeRecordId('msg', teacher.uid),
      ...ref,
      question: 'Ready?',
      options: ['Yes', 'No'],
    });
    await onA(ada).polls.vote.mutate({ id: poll.id, option_ids: ['o2'] });
    await polls.until((events) => rowsOf(events)[0]?.options[1]?.count === 1);
    await onA(teacher).polls.close.mutate({ id: poll.id });
    await polls.until((events) => rowsOf(events)[0]?.closed === true);

    await onA(teacher).coldCall.spotlight.mutate({ ...ref, uid: ada.uid });
    await banner.until((events) => rowsOf(events)[0]?.uid === ada.uid);
    await onA(ada).messages.send.mutate({
      id: makeRecordId('msg', ada.uid),
      ...ref,
      body: 'My answer',
    });
    await banner.until((events) => rowsOf(events).length === 0);
  });
});
