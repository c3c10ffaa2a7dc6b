// Docs: docs/activities.md#case-brief-and-pins — what a message's "Message actions" menu needs to
// offer Pin / Unpin: given by the open channel through context, so the memoized list and rows do
// not carry it (only an opened menu reads it).
import { createContext, useContext } from 'react';
import type { Message } from '@seminar/shared';

export interface PinActions {
  /** The viewer may pin and unpin (`can(role, 'messages.pin')`). */
  canPin: boolean;
  isPinned: (messageId: string) => boolean;
  /** Pins (`on`) or unpins the message. */
  setPinned: (message: Message, on: boolean) => void;
}

export const PinActionsContext = createContext<PinActions | null>(null);

/** The open channel's pin actions (null outside a channel). */
export function usePinMenu(): PinActions | null {
  return useContext(PinActionsContext);
}
