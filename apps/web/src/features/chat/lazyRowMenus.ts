// The chat's menus load on first use (rowMenus.tsx: a row's picker, actions, delete dialog and
// editor; NotifyLevelsMenu.tsx), or just before: when the pointer or focus first enters a channel
// (preloadChatMenus), so a first click seldom waits for them.
import { lazy } from 'react';

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

let preloaded = false;

/**
 * Starts loading the menus, once per page: called when the pointer or the keyboard focus first
 * enters a channel, the moment before a first click on one of them. (Loading them when the page is
 * first idle instead put their ~25 KB and its evaluation into every page's start-up.)
 */
export function preloadChatMenus(): void {
  if (preloaded) return;
  preloaded = true;
  void loadRowMenus().catch(() => undefined);
  void import('./NotifyLevelsMenu').catch(() => undefined);
}
