// The chat's menus load on first use (rowMenus.tsx: a row's picker, actions, delete dialog and
// editor; NotifyLevelsMenu.tsx), or before that once the page has shown its messages and is idle
// (preloadChatMenusWhenIdle), so a first click seldom waits for them.
import { lazy } from 'react';
import { whenFirstContentShown } from '../../shell/firstContent';

const loadRowMenus = () => import('./rowMenus');

export const ReactionPicker = lazy(() =>
  loadRowMenus().then((m) => ({ default: m.ReactionPicker })),
);
export const MessageActionsMenu = lazy(() =>
  loadRowMenus().then((m) => ({ default: m.MessageActionsMenu })),
);
export const DeleteMessageDialog = lazy(() =>
  loadRowMenus().then((m) => ({ default: m.DeleteMessageDialog })),
);
export const MessageEditor = lazy(() => loadRowMenus().then((m) => ({ default: m.MessageEditor })));

let preloading = false;

/** Once per page: after the first content has shown, when the browser is idle, load the menus. */
export function preloadChatMenusWhenIdle(): void {
  if (preloading || typeof window === 'undefined') return;
  preloading = true;
  const load = () => {
    void loadRowMenus().catch(() => undefined);
    void import('./NotifyLevelsMenu').catch(() => undefined);
  };
  whenFirstContentShown(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 10_000 });
    else setTimeout(load, 2_000);
  });
}
