/** Route paths of the shell. Feature routes add their own beside them in routes.tsx. */
export const PATHS = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
} as const;

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
