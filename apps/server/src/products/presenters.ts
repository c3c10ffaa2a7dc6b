// Docs: docs/catalogue.md — product row → wire shape (SPEC §3 public AI product).
import type { PublicProduct } from '@seminar/shared';
import type { products } from '../db/schema';

/** A catalogue entry as clients receive it. */
export function presentProduct(row: typeof products.$inferSelect): PublicProduct {
  return {
    product_id: row.product_id,
    seq: row.seq,
    title: row.title,
    name: row.name,
    product_qualified_name: row.product_qualified_name,
    product_type: row.product_type,
    product_files: row.product_files,
    product_billing_id: row.product_billing_id,
    product_billing_name: row.product_billing_name,
    price_per_user: row.price_per_user,
    price_per_1k_tokens: row.price_per_1k_tokens,
    description: row.description,
    learning_objective: row.learning_objective,
    contributor: row.contributor,
    disciplines: row.disciplines,
    categories: row.categories,
    product_version: row.product_version,
    product_access_type: row.product_access_type,
    ai_agent_cooperation_mode: row.ai_agent_cooperation_mode,
    ai_agent_refs: row.ai_agent_refs,
    enabled: row.enabled,
    deleted: row.deleted,
    version: row.version,
  };
}
