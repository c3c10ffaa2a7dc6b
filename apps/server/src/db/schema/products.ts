// Docs: docs/ARCHITECTURE.md#one-database-dialect — the public AI product catalogue (SPEC §3).
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './common';

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const products = pgTable('products', {
  product_id: text('product_id').primaryKey(),
  seq: integer('seq').notNull().default(0),
  title: text('title').notNull(),
  name: text('name').notNull(),
  product_qualified_name: text('product_qualified_name').notNull().default(''),
  product_type: text('product_type').notNull().default(''),
  product_files: jsonb('product_files').$type<string[]>().notNull().default([]),
  product_billing_id: text('product_billing_id'),
  product_billing_name: text('product_billing_name'),
  /** Null when not priced. */
  price_per_user: doublePrecision('price_per_user'),
  /** Docs: docs/ai.md#the-spend-as-it-happens — price per 1,000 model tokens; null: not by tokens. */
  price_per_1k_tokens: doublePrecision('price_per_1k_tokens'),
  description: text('description').notNull().default(''),
  learning_objective: text('learning_objective').notNull().default(''),
  contributor: text('contributor').notNull().default(''),
  disciplines: textList('disciplines'),
  categories: textList('categories'),
  product_version: text('product_version').notNull().default(''),
  product_access_type: text('product_access_type').notNull().default('public'),
  ai_agent_cooperation_mode: text('ai_agent_cooperation_mode'),
  ai_agent_refs: textList('ai_agent_refs'),
  enabled: boolean('enabled').notNull().default(true),
  deleted: boolean('deleted').notNull().default(false),
  ...auditColumns(),
  version: versionColumn(),
});
