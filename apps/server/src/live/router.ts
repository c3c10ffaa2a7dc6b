// Docs: docs/realtime.md#adding-a-topic — the app's tRPC router: one sub-router per resource.
import { activitiesRouter } from '../activities/router';
import { channelsRouter } from '../channels/router';
import { classesRouter } from '../classes/router';
import { messagesRouter } from '../messages/router';
import { publicProcedure, router } from './trpc';

export const appRouter = router({
  /** Who the socket is signed in as (the client checks its connection with it). */
  me: publicProcedure.query(({ ctx }) => ctx.viewer),
  classes: classesRouter,
  activities: activitiesRouter,
  channels: channelsRouter,
  messages: messagesRouter,
});

/** The router's type, imported by the web client. */
export type AppRouter = typeof appRouter;
