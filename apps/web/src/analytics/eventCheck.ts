// The server's check of an analytics event (`analyticsEventProblem`: the shared schema's answer,
// without zod), loaded with the first event logged, once the page's first content has painted
// (shell/firstContent.ts): pages that log none (sign-in until it succeeds) do not load it.
import { analyticsEventProblem } from '@seminar/shared';

/** Null when the server would take `event`; otherwise why not. */
export function checkEvent(event: unknown): string | null {
  return analyticsEventProblem(event);
}
