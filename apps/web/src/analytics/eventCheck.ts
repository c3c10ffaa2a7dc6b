// The server's check of an analytics event (the shared zod schema), loaded with the first event
// logged, once the page's first content has painted (shell/firstContent.ts): pages that log none
// (sign-in until it succeeds) do not load zod for it, and a channel opened directly shows its
// messages first.
import { analyticsEventSchema } from '@seminar/shared';

/** Null when the server would take `event`; otherwise why not. */
export function checkEvent(event: unknown): string | null {
  const checked = analyticsEventSchema.safeParse(event);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'invalid');
}
