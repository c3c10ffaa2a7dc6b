// Phases on two server processes on one PostgreSQL (docs/phases.md, issue 30's "phase changes seen
// by clients of another node"): the instructor starts a post-first phase and moves on through node
// A; students watching through node B see the phase move live, a classmate's post sent through A
// stays hidden from them (proved by a later staff post that does arrive), a student who posts
// through A sees it at once on B, and moving on through A reveals it to the one who never posted.
// The phase timer's own crossing is in phase-timer-nodes.test.ts.
import { describe, expect, it } from 'vitest';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type Activity,
  type LiveEvent,
  type Message,
  type Phase,
} from '@seminar/shared';
import type { ServerProcess } from '../../../../test-support/serverProcess';
import { createClassFixture, type TestUser } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';

const nodes = useTwoNodes();

const phases: Phase[] = [
  {
    id: 'alone',
    kind: 'individual_post_first',
    title: 'Alone',
    timer_seconds: null,
    at_zero: 'end',
  },
  { id: 'all', kind: 'plenary', title: 'All', timer_seconds: null, at_zero: 'end' },
];

describe('phases on two nodes', () => {
  it('a phase change and a post-first reveal made through one node reach students on the other', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const teacher = await signUp(nodeA, 'Teach, Tara');
    const ann = await signUp(nodeA, 'Ash, Ann');
    const ben = await signUp(nodeA, 'Birch, Ben');
    const cat = await signUp(nodeA, 'Cedar, Cat');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: ann, role: 'student' },
        { user: ben, role: 'student' },
        { user: cat, role: 'student' },
      ],
      channels: [{ name: 'case', is_public: true }],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };
    const onA = (user: TestUser) => live(nodeA, user).trpc;
    const staff = onA(teacher);
    const act = { class_id: classId, activity_id: makeRecordId('act', teacher.uid) };
    await staff.activities.save.mutate({ ...act, title: 'Case', channel_id: ref.channel_id });
    await staff.activities.setPhases.mutate({ ...act, phases });
    const send = (user: TestUser, body: string) =>
      onA(user).messages.send.mutate({ id: makeRecordId('msg', user.uid), ...ref, body });

    /** A student's live case channel and activities through `node`. */
    async function watch(node: ServerProcess, user: TestUser) {
      const client = live(node, user);
      const messages = new EventLog<LiveEvent<Message>>();
      client.trpc.messages.live.subscribe(ref, {
        onData: (value) => messages.push((value as unknown as { data: LiveEvent<Message> }).data),
        onError: (error) => messages.fail(error),
      });
      const activity = new EventLog<LiveEvent<Activity>>();
      client.trpc.activities.live.subscribe(
        { class_id: classId },
        { onData: (event) => activity.push(event), onError: (error) => activity.fail(error) },
      );
      await messages.until((events) => events.some((event) => event.type === 'snapshot'));
      await activity.until((events) => events.some((event) => event.type === 'snapshot'));
      const bodies = () => {
        const state = messages.events.reduce(
          (s, event) => applyLiveEvent(s, event, (row) => row.id),
          emptyLiveState<Message>(),
        );
        return [...state.rows.values()].map((row) => row.body);
      };
      /** The activity as this student's stream has it now. */
      const current = () =>
        activity.events
          .flatMap((event) =>
            event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
          )
          .filter((row) => row.activity_id === act.activity_id)
          .at(-1);
      return { messages, activity, bodies, current };
    }
    const annOnB = await watch(nodeB, ann);
    const catOnB = await watch(nodeB, cat);

    // Started through A: both students on B see the post-first phase in force.
    await staff.activities.advancePhase.mutate({ ...act, action: 'start', from_phase_id: null });
    for (const student of [annOnB, catOnB])
      await student.activity.until(
        () => student.current()?.phase_state === 'running' && student.current()?.phase_index === 0,
      );

    // Ben's post (through A) is hidden from both; the staff's later one reaches them.
    await send(ben, 'ben: hidden until you post');
    await send(teacher, 'marker one');
    for (const student of [annOnB, catOnB]) {
      await student.messages.until(() => student.bodies().includes('marker one'));
      expect(student.bodies()).not.toContain('ben: hidden until you post');
    }

    // Cat posts through A: her stream on B shows Ben's post; Ann's still does not.
    await send(cat, 'cat: my take');
    await catOnB.messages.until(() => catOnB.bodies().includes('ben: hidden until you post'));
    await send(teacher, 'marker two');
    await annOnB.messages.until(() => annOnB.bodies().includes('marker two'));
    expect(annOnB.bodies()).not.toContain('ben: hidden until you post');
    expect(annOnB.bodies()).not.toContain('cat: my take');

    // Moving on through A (plenary): Ann on B sees the phase and everything it had hidden.
    await staff.activities.advancePhase.mutate({ ...act, action: 'next', from_phase_id: 'alone' });
    await annOnB.activity.until(() => annOnB.current()?.phase_index === 1);
    await annOnB.messages.until(
      () =>
        annOnB.bodies().includes('ben: hidden until you post') &&
        annOnB.bodies().includes('cat: my take'),
    );
  });
});
