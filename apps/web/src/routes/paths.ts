/** Route paths of the shell. Feature routes add their own beside them in routes.tsx. */
export const PATHS = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  /** Public classes to join ("Find a class"). */
  publicClasses: '/public-classes',
  /** A class page; the optional tab is one of CLASS_TABS. */
  classPage: '/classes/:classId/:tab?',
  /** The AI product catalogue; with a product id its detail shows. */
  catalogue: '/catalogue/:productId?',
  /** An activity's exchanges with its AI agents, for the class's instructors and admins. */
  activityReview: '/classes/:classId/activities/:activityId/review',
  /** An activity's debrief: participation, open questions, grading, the AI summary. */
  activityDebrief: '/classes/:classId/activities/:activityId/debrief',
  /** A person's away-notification settings (NOTIFICATION_SETTINGS_PATH, which mails link to). */
  notificationSettings: '/settings/notifications',
  /** The site admin page (single sign-on, LTI platforms). */
  admin: '/admin',
} as const;

/** The catalogue's path, or one product's detail in it; `search` keeps the search and filters. */
export function cataloguePath(productId?: string | null, search = ''): string {
  const base = productId ? `/catalogue/${encodeURIComponent(productId)}` : '/catalogue';
  return `${base}${search && !search.startsWith('?') ? `?${search}` : search}`;
}

/** The tabs of a class page, as they appear in its path (chat is the default, without a segment). */
export const CLASS_TABS = ['chat', 'activities', 'people', 'settings'] as const;
export type ClassTab = (typeof CLASS_TABS)[number];

/** The path of a class page (and tab). */
export function classPath(classId: string, tab: ClassTab = 'chat'): string {
  const base = `/classes/${encodeURIComponent(classId)}`;
  return tab === 'chat' ? base : `${base}/${tab}`;
}

/** The path of an activity's review (its exchanges with its AI agents). */
export function activityReviewPath(classId: string, activityId: string): string {
  return `${classPath(classId, 'activities')}/${encodeURIComponent(activityId)}/review`;
}

/** The class chat's search parameter that names the open channel. */
export const CHANNEL_PARAM = 'channel';

/** The path of a class's chat with one channel open. */
export function classChannelPath(classId: string, channelId: string): string {
  return `${classPath(classId)}?${new URLSearchParams({ [CHANNEL_PARAM]: channelId }).toString()}`;
}

/** The catalogue's search parameter that names the class it shows costs for (the selected class). */
export const CLASS_PARAM = 'class';

/** Router state carried by the redirect to sign-in: where to return afterwards. */
export interface ReturnToState {
  from?: string;
}

/** A safe in-app path to return to after signing in (never an auth page, never off-site). */
export function returnPath(state: unknown): string {
  const from = (state as ReturnToState | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return PATHS.home;
  const pathname = from.split(/[?#]/)[0];
  const authPaths: string[] = [PATHS.signIn, PATHS.signUp, PATHS.forgotPassword];
  return pathname !== undefined && authPaths.includes(pathname) ? PATHS.home : from;
}

/** The path of an activity's debrief (docs/debrief.md). */
export function activityDebriefPath(classId: string, activityId: string): string {
  return `${classPath(classId, 'activities')}/${encodeURIComponent(activityId)}/debrief`;
}
