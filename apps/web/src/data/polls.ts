// Docs: docs/polls.md — polls and cold-call for the web: a channel's polls (live, each as the server
// shaped it for this viewer), a channel's spotlight (live), the viewer's own spotlights in a class
// (live: the notification), and their writes. A write resolves with null or the words of its refusal.
import { useMemo } from 'react';
import {
  makeRecordId,
  type PollCreateWire,
  type PollView,
  type SpotlightView,
} from '@seminar/shared';
import { useSession } from '../auth/session';
import { describeError } from '../live/errors';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED_MESSAGE } from './connection';

const byId = (row: { id: string }) => row.id;

/** The polls of a channel (its newest 100), as this viewer may see them. */
export const pollsQuery = (classId: string, channelId: string) =>
  liveQuery(
    'polls.live',
    { class_id: classId, channel_id: channelId },
    { idOf: byId },
  );

export function useChannelPolls(classId: string, channelId: string): LiveQueryResult<PollView> {
  return useLiveQuery(pollsQuery(classId, channelId));
}

/** A channel's spotlight (none, or one row). */
export const spotlightQuery = (classId: string, channelId: string) =>
  liveQuery(
    'coldCall.live',
    { class_id: classId, channel_id: channelId },
    { idOf: byId },
  );

export function useSpotlight(classId: string, channelId: string): LiveQueryResult<SpotlightView> {
  return useLiveQuery(spotlightQuery(classId, channelId));
}

/** The viewer's own spotlights in a class: a channel where it is their turn. */
export function useMySpotlights(classId: string, enabled: boolean) {
  return useLiveQuery(
    liveQuery(
      'coldCall.mine',
      { class_id: classId },
      { idOf: byId },
    ),
    { enabled },
  );
}

/** Runs a write; null when it went through, else its refusal in plain words. */
async function attempt(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return describeError(error);
  }
}

/** Poll and cold-call writes in one channel. */
export function useClassroomActions(classId: string, channelId: string) {
  const { client } = useLive();
  const { user } = useSession();
  const uid = user?.id ?? '';
  return useMemo(() => {
    const ref = { class_id: classId, channel_id: channelId };
    const guard = (run: () => Promise<unknown>) =>
      client ? attempt(run) : Promise.resolve(NOT_CONNECTED_MESSAGE);
    return {
      /** Posts a poll (staff): its id is made here, so a retry cannot post it twice. */
      createPoll: (poll: Omit<PollCreateWire, 'id' | 'class_id' | 'channel_id'>) => {
        const id = makeRecordId('msg', uid);
        return guard(() => client!.polls.create.mutate({ id, ...ref, ...poll }));
      },
      vote: (pollId: string, optionIds: string[]) =>
        guard(() => client!.polls.vote.mutate({ id: pollId, option_ids: optionIds })),
      closePoll: (pollId: string) => guard(() => client!.polls.close.mutate({ id: pollId })),
      /** Spotlights a student by uid, or (no uid) picks one of those online. */
      spotlight: (studentUid?: string) =>
        guard(() =>
          client!.coldCall.spotlight.mutate(
            studentUid === undefined ? ref : { ...ref, uid: studentUid },
          ),
        ),
      clearSpotlight: () => guard(() => client!.coldCall.clear.mutate(ref)),
    };
  }, [client, classId, channelId, uid]);
}
