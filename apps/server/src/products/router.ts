// Docs: docs/catalogue.md — the AI product catalogue.
import { z } from 'zod';
import { documentIdSchema, productInputSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { productDeleter, productEnabledSetter, productSaver } from './commands';
import { productsTopic } from './live';

const productRef = z.object({ product_id: documentIdSchema });

export const productsRouter = router({
  live: liveSubscription(productsTopic),
  /**
   * Whether this server can run LLM agents (AI_BASE_URL and AI_MODEL set). Without, agents other
   * than DataAnalystBot never answer: instructors see "not configured on this server", students
   * do not see them (docs/ai.md#llm-agents).
   */
  agentsStatus: authedProcedure.query(({ ctx }) => ({
    llmConfigured: ctx.services.config.ai.llm !== null,
  })),
  save: authedProcedure
    .input(productInputSchema)
    .mutation(({ ctx, input }) =>
      productSaver(ctx.services.database.db, ctx.services.config, ctx.viewer, input),
    ),
  setEnabled: authedProcedure
    .input(productRef.extend({ enabled: z.boolean() }))
    .mutation(({ ctx, input }) =>
      productEnabledSetter(
        ctx.services.database.db,
        ctx.services.config,
        ctx.viewer,
        input.product_id,
        input.enabled,
      ),
    ),
  delete: authedProcedure
    .input(productRef)
    .mutation(({ ctx, input }) =>
      productDeleter(ctx.services.database.db, ctx.services.config, ctx.viewer, input.product_id),
    ),
});
