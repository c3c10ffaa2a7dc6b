-- Full-text search over message bodies (docs/channels.md#search): a GIN index on the 'simple'
-- tsvector of the body. The search statement (apps/server/src/messages/search.ts) uses this exact
-- expression, so the index applies.
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', "body"));
