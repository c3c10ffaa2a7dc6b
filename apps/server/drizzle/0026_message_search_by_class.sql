-- Issue 36 (search at a million messages, bench/README.md#search): the search index filters by
-- class first and holds a stored tsvector, so a word common across the institution is looked up in
-- one class's messages only and its matches are ranked without parsing each body again.
-- `search_vector` is not declared in the Drizzle schema on purpose (db/schema/channels.ts says why).
-- Adding a stored column rewrites the messages table once: on a large institution this migration
-- takes about a minute per million messages (docs/operations.md, "Upgrades").
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "body")) STORED;--> statement-breakpoint
DROP INDEX "messages_search_idx";--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("class_id", "search_vector");
