// Docs: SPEC §3 "Public AI product" (only entries enabled and not deleted are listed).
import { z } from 'zod';
import { documentIdSchema } from '../documentId';

/**
 * A catalogue entry for an AI product. Defaults from SPEC: product_files [], learning_objective
 * '' and product_access_type 'public'. product_access_type stays free text (SPEC names only
 * 'public'); product_files and ai_agent_refs are lists of file names / agent references.
 */
export const publicProductSchema = z.object({
  product_id: documentIdSchema,
  seq: z.int(),
  title: z.string(),
  name: z.string(),
  product_qualified_name: z.string(),
  product_type: z.string(),
  product_files: z.array(z.string()).default(() => []),
  product_billing_id: z.string().nullable(),
  product_billing_name: z.string().nullable(),
  /** Price per user in the billing currency's main unit; null when not priced. */
  price_per_user: z.number().nonnegative().nullable(),
  description: z.string(),
  learning_objective: z.string().default(''),
  contributor: z.string(),
  disciplines: z.array(z.string()),
  categories: z.array(z.string()),
  product_version: z.string(),
  product_access_type: z.string().min(1).default('public'),
  ai_agent_cooperation_mode: z.string().nullable(),
  ai_agent_refs: z.array(z.string()),
  enabled: z.boolean(),
  deleted: z.boolean(),
});

/** A public AI product (SPEC §3). */
export type PublicProduct = z.infer<typeof publicProductSchema>;
