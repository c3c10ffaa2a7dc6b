// Docs: docs/phases.md — what the phase in force means for this viewer in a case channel, with the
// same rules the server applies (packages/shared/src/phases.ts): the composer's read-only reason
// and the line telling a student why classmates' posts are hidden.
import { useMemo } from 'react';
import {
  casePostRefusal,
  currentPhase,
  hiddenPostsLine,
  type Activity,
  type Message,
  type Phase,
} from '@seminar/shared';
import { useCaseActivity } from '../../data/phases';

export interface CasePhaseView {
  /** The activity whose case channel this is (null: an ordinary channel). */
  activity: Activity | null;
  phase: Phase | null;
  /** Why the viewer may not post now (null: they may). */
  readOnly: string | null;
  /** Why classmates' posts are hidden from the viewer (null: nothing is). */
  hiddenLine: string | null;
}

export function useCasePhase(
  classId: string,
  channelId: string,
  staff: boolean,
  viewerUid: string,
  messages: readonly Message[],
): CasePhaseView {
  const activity = useCaseActivity(classId, channelId);
  const phase = activity ? currentPhase(activity) : null;
  const startSeq = activity?.phase_start_seq ?? 0;
  // Posted in this phase: one of the viewer's messages after the phase start (or one on its way).
  const posted = useMemo(
    () => messages.some((row) => row.author_uid === viewerUid && row.seq > startSeq),
    [messages, viewerUid, startSeq],
  );
  return useMemo(() => {
    const inForce = phase ? { kind: phase.kind, startSeq } : null;
    const viewer = { uid: viewerUid, staff, posted };
    return {
      activity,
      phase,
      readOnly: casePostRefusal(inForce, viewer),
      hiddenLine: hiddenPostsLine(inForce, viewer),
    };
  }, [activity, phase, startSeq, viewerUid, staff, posted]);
}
