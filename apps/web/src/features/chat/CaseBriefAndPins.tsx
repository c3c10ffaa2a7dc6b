// Docs: docs/activities.md#case-brief-and-pins — what the open channel shows above its messages: the
// case brief when the channel is an activity's case channel, and the pinned bar; and the pin
// actions its messages' menus offer (PinActionsContext), from one live query of the channel's pins.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ChannelView, Pin } from '@seminar/shared';
import { useCaseActivity, usePinActions, usePins } from '../../data/caseBrief';
import { CaseBrief } from './CaseBrief';
import { PinnedBar } from './PinnedBar';
import { PinActionsContext, type PinActions } from './pinActions';

const PinsContext = createContext<readonly Pin[]>([]);

/** Gives the channel's pins to the bar and the pin actions to its messages' menus. */
export function ChannelPinsProvider({
  classId,
  channelId,
  canPin,
  children,
}: {
  classId: string;
  channelId: string;
  canPin: boolean;
  children: ReactNode;
}) {
  const pins = usePins(classId, channelId);
  const actions = usePinActions(classId, channelId);
  const value = useMemo<PinActions>(() => {
    const pinned = new Set(pins.rows.map((pin) => pin.message_id));
    return {
      canPin,
      isPinned: (id) => pinned.has(id),
      setPinned: (message, on) => void actions.set(message, on),
    };
  }, [pins.rows, actions, canPin]);
  return (
    <PinsContext.Provider value={pins.rows}>
      <PinActionsContext.Provider value={value}>{children}</PinActionsContext.Provider>
    </PinsContext.Provider>
  );
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
  const pins = useContext(PinsContext);
  const actions = useContext(PinActionsContext);
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
      <PinnedBar
        pins={pins}
        canUnpin={canManage}
        onOpen={onOpenPin}
        onUnpin={(pin) =>
          actions?.setPinned(
            {
              id: pin.message_id,
              class_id: pin.class_id,
              channel_id: pin.channel_id,
              seq: pin.seq,
              author_uid: pin.author_uid,
              author_name: pin.author_name,
              body: pin.excerpt,
              created_at: pin.pinned_at,
              edited_at: null,
              deleted: false,
              reactions: [],
              attachments: [],
              version: pin.version,
              ai: null,
            },
            false,
          )
        }
      />
    </>
  );
}
