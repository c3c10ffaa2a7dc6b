// Docs: docs/realtime.md — tRPC over one WebSocket per tab: context, procedures, error shape.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { SessionUser } from '../auth/session';
import type { Services } from '../runtime';

/** Per-connection context: who is connected (checked at the upgrade) and the server's services. */
export interface LiveContext {
  services: Services;
  viewer: SessionUser | null;
  connectionId: string;
}

const t = initTRPC.context<LiveContext>().create({
  errorFormatter({ shape, error }) {
    // Bad input: the zod issues travel as plain data so the client can show them next to fields.
    const issues =
      error.cause instanceof ZodError
        ? error.cause.issues.map((issue) => ({
            path: issue.path.map(String),
            message: issue.message,
          }))
        : null;
    return { ...shape, data: { ...shape.data, stack: undefined, issues } };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure;

/** Every procedure that reads or writes class data: a signed-in viewer is required. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
  return next({ ctx: { ...ctx, viewer: ctx.viewer } });
});

/** The one error for "does not exist" and "not yours": reads of another class's data learn nothing. */
export function notFound(what: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${what} not found.` });
}

/** A refused write the viewer can see exists (e.g. a student deleting someone else's message). */
export function forbidden(message: string): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message });
}
