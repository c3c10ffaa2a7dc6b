// Docs: docs/classes.md#archive — an archived class is read-only for everyone: its messages show no
// way to react, vote, edit or delete (the server refuses each anyway). One flag for the open
// channel, so a memoized message reads it without it being passed down the list.
import { createContext, useContext } from 'react';

/** True while nothing can be changed in the open channel's class (it is archived). */
export const ChatReadOnlyContext = createContext(false);

/** Whether the open channel's messages are read-only (see ChatReadOnlyContext). */
export function useChatReadOnly(): boolean {
  return useContext(ChatReadOnlyContext);
}
