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
  /** The live version (DESIGN §4). */
  version: z.int().min(0).default(0),
});

/** A public AI product (SPEC §3). */
export type PublicProduct = z.infer<typeof publicProductSchema>;

const labelList = z
  .array(z.string().trim().min(1).max(100))
  .max(50)
  .default(() => []);

/** What a site admin sends to create or edit a catalogue entry (SPEC's fields and defaults). */
export const productInputSchema = z.object({
  product_id: documentIdSchema,
  seq: z.int().min(0).max(1_000_000).default(0),
  title: z.string({ error: 'Enter a title' }).trim().min(1, { error: 'Enter a title' }).max(200),
  name: z.string({ error: 'Enter a name' }).trim().min(1, { error: 'Enter a name' }).max(200),
  product_qualified_name: z.string().trim().max(200).default(''),
  product_type: z.string().trim().max(100).default(''),
  product_files: z
    .array(z.string().trim().min(1).max(500))
    .max(100)
    .default(() => []),
  product_billing_id: z.string().trim().max(200).nullable().default(null),
  product_billing_name: z.string().trim().max(200).nullable().default(null),
  price_per_user: z
    .number()
    .nonnegative({ error: 'A price cannot be negative' })
    .max(1_000_000)
    .nullable()
    .default(null),
  description: z.string().trim().max(10_000).default(''),
  learning_objective: z.string().trim().max(10_000).default(''),
  contributor: z.string().trim().max(200).default(''),
  disciplines: labelList,
  categories: labelList,
  product_version: z.string().trim().max(50).default(''),
  product_access_type: z.string().trim().min(1).max(50).default('public'),
  ai_agent_cooperation_mode: z.string().trim().max(100).nullable().default(null),
  ai_agent_refs: labelList,
  enabled: z.boolean().default(true),
});
/** A parsed product create/edit. */
export type ProductInput = z.infer<typeof productInputSchema>;
