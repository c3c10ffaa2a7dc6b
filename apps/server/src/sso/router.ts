// Docs: docs/institutions.md#the-admin-page — single sign-on's admin procedures (site admins only).
import { ssoDomainRequiredInputSchema } from '@seminar/shared';
import { authedProcedure, router } from '../trpc';
import { ssoAdminReader, ssoDomainRequiredSetter } from './commands';

export const ssoRouter = router({
  /** The configured providers (read-only) and the domains under SSO. */
  admin: authedProcedure.query(({ ctx }) =>
    ssoAdminReader(ctx.services.database.db, ctx.services.config, ctx.viewer),
  ),
  setDomainRequired: authedProcedure
    .input(ssoDomainRequiredInputSchema)
    .mutation(({ ctx, input }) =>
      ssoDomainRequiredSetter(ctx.services.database.db, ctx.services.config, ctx.viewer, input),
    ),
});
