// Docs: docs/realtime.md — the procedures' builders every router uses, for this server's services.
// The kernel (live/trpc.ts) defines how a procedure runs; this file gives it the node's whole
// `Services`, which only what sits above the resources (routers, routes) may name.
import { liveProcedures } from './live/trpc';
import type { Services } from './services';

export const { router, mergeRouters, publicProcedure, authedProcedure, liveSubscription } =
  liveProcedures<Services>();
