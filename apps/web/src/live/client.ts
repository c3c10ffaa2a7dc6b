import type { AppRouter } from '../../../server/src/live/router';
export type X = AppRouter;
