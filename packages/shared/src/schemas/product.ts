// Docs: SPEC §3 "Public AI product" (only entries enabled and not deleted are listed).
import { z } from 'zod';
import { textSchema } from './text';
import { documentIdSchema } from './documentId';

/**
 * A catalogue entry for an AI product. Defaults from SPEC: product_files [], learning_objective
 * '' and product_access_type 'public'. product_access_type stays free text (SPEC names only
 * 'public'); product_files and ai_agent_refs are lists of file names / agent references.
 */
export const publicProductSchema = z.object({
  product_id: documentIdSchema,
  seq: z.int(),
  title: textSchema(),
  name: textSchema(),
  product_qualified_name: textSchema(),
  product_type: textSchema(),
  product_files: z.array(textSchema()).default(() => []),
  product_billing_id: textSchema().nullable(),
  product_billing_name: textSchema().nullable(),
  /** Price per user in the billing currency's main unit; null when not priced. */
  price_per_user: z.number().nonnegative().nullable(),
  /** Price per 1,000 model tokens (docs/ai.md#the-spend-as-it-happens); null: not by tokens. */
  price_per_1k_tokens: z.number().nonnegative().nullable().default(null),
  description: textSchema(),
  learning_objective: textSchema().default(''),
  contributor: textSchema(),
  disciplines: z.array(textSchema()),
  categories: z.array(textSchema()),
  product_version: textSchema(),
  product_access_type: textSchema().min(1).default('public'),
  ai_agent_cooperation_mode: textSchema().nullable(),
  ai_agent_refs: z.array(textSchema()),
  enabled: z.boolean(),
  deleted: z.boolean(),
  /** The live version (DESIGN §4). */
  version: z.int().min(0).default(0),
});

/** A public AI product (SPEC §3). */
export type PublicProduct = z.infer<typeof publicProductSchema>;

const labelList = z
  .array(textSchema().trim().min(1).max(100))
  .max(50)
  .default(() => []);

/** What a site admin sends to create or edit a catalogue entry (SPEC's fields and defaults). */
export const productInputSchema = z.object({
  product_id: documentIdSchema,
  seq: z.int().min(0).max(1_000_000).default(0),
  title: textSchema({ error: 'Enter a title' }).trim().min(1, { error: 'Enter a title' }).max(200),
  name: textSchema({ error: 'Enter a name' }).trim().min(1, { error: 'Enter a name' }).max(200),
  product_qualified_name: textSchema().trim().max(200).default(''),
  product_type: textSchema().trim().max(100).default(''),
  product_files: z
    .array(textSchema().trim().min(1).max(500))
    .max(100)
    .default(() => []),
  product_billing_id: textSchema().trim().max(200).nullable().default(null),
  product_billing_name: textSchema().trim().max(200).nullable().default(null),
  price_per_user: z
    .number()
    .nonnegative({ error: 'A price cannot be negative' })
    .max(1_000_000)
    .nullable()
    .default(null),
  price_per_1k_tokens: z
    .number()
    .nonnegative({ error: 'A price cannot be negative' })
    .max(1_000_000)
    .nullable()
    .default(null),
  description: textSchema().trim().max(10_000).default(''),
  learning_objective: textSchema().trim().max(10_000).default(''),
  contributor: textSchema().trim().max(200).default(''),
  disciplines: labelList,
  categories: labelList,
  product_version: textSchema().trim().max(50).default(''),
  product_access_type: textSchema().trim().min(1).max(50).default('public'),
  ai_agent_cooperation_mode: textSchema().trim().max(100).nullable().default(null),
  ai_agent_refs: labelList,
  enabled: z.boolean().default(true),
});
/** A parsed product create/edit. */
export type ProductInput = z.infer<typeof productInputSchema>;
