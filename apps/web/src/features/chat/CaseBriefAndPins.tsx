// Docs: docs/activities.md#case-brief-and-pins — what the open channel shows above its messages: the
// case brief when the channel is an activity's case channel, and the pinned bar; and where the
// channel opens when a pin is clicked.
import { Suspense, lazy, useCallback, useState } from 'react';
import type { ChannelView, Pin } from '@seminar/shared';
import { useCaseActivity, usePinActions, usePins } from '../../data/caseBrief';
import { CaseBrief } from './CaseBrief';
import { PinnedBar } from './PinnedBar';
import type { MessageFocus } from './useOpenAtMessage';

const TutorPromiseLive = lazy(() => import('./TutorPromiseLive'));

/**
 * Where the channel opens: at a pin clicked in the bar or at a search result (`focus`), whichever
 * was asked for last.
 */
export function usePinFocus(channelId: string, focus: MessageFocus | null) {
  const [pinFocus, setPinFocus] = useState<MessageFocus | null>(null);
  const openPin = useCallback(
    (pin: Pin) =>
      setPinFocus({ channelId, messageId: pin.message_id, seq: pin.seq, at: Date.now() }),
    [channelId],
  );
  const opening = pinFocus && (!focus || pinFocus.at > focus.at) ? pinFocus : focus;
  return { opening, openPin };
}

/** The case brief (in a case channel) and the pinned bar, under the channel's header. */
export function ChannelTop({
  classId,
  channel,
  viewerUid,
  canManage,
  onOpenPin,
}: {
  classId: string;
  channel: ChannelView;
  viewerUid: string;
  canManage: boolean;
  onOpenPin: (pin: Pin) => void;
}) {
  const activity = useCaseActivity(classId, channel.channel_id);
  const pins = usePins(classId, channel.channel_id);
  const actions = usePinActions(classId, channel.channel_id);
  return (
    <>
      {activity ? (
        <CaseBrief
          classId={classId}
          activity={activity}
          viewerUid={viewerUid}
          canEdit={canManage}
        />
      ) : null}
      {activity?.ai_tutor && activity.product_id ? (
        <Suspense fallback={null}>
          <TutorPromiseLive activity={activity} />
        </Suspense>
      ) : null}
      <PinnedBar
        pins={pins.rows}
        canUnpin={canManage}
        onOpen={onOpenPin}
        onUnpin={(pin) => void actions.unpin(pin)}
      />
    </>
  );
}
