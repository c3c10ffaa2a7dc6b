// Docs: docs/realtime.md#adding-a-topic — the app's tRPC router: one sub-router per resource, each
// with its own procedures and live queries. The live socket serves it (live/transport/socket.ts).
import { activitiesRouter } from './activities/router';
import { channelsRouter } from './channels/router';
import { classesRouter } from './classes/router';
import { coldCallRouter } from './coldCall/router';
import { debriefRouter } from './debrief/router';
import { publicProcedure, router } from './trpc';
import { ltiRouter } from './lti/router';
import { messagesRouter } from './messages/router';
import { moderationRouter } from './moderation/router';
import { pinsRouter } from './pins/router';
import { notificationsRouter } from './notifications/router';
import { pollsRouter } from './polls/router';
import { productsRouter } from './products/router';
import { ssoRouter } from './sso/router';
import { isSiteAdmin } from './users/policies';

export const appRouter = router({
  /** Who the socket is signed in as (the client checks its connection with it). */
  me: publicProcedure.query(({ ctx }) =>
    ctx.viewer
      ? {
          ...ctx.viewer,
          isSiteAdmin: isSiteAdmin(ctx.viewer, ctx.services.config.adminEmails),
        }
      : null,
  ),
  classes: classesRouter,
  activities: activitiesRouter,
  channels: channelsRouter,
  messages: messagesRouter,
  products: productsRouter,
  pins: pinsRouter,
  notifications: notificationsRouter,
  polls: pollsRouter,
  coldCall: coldCallRouter,
  debrief: debriefRouter,
  moderation: moderationRouter,
  lti: ltiRouter,
  sso: ssoRouter,
});

/** The router's type, imported by the web client. */
export type AppRouter = typeof appRouter;
