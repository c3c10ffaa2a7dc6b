// Docs: docs/channels.md#search — what a message search asks for and what it answers.
import { z } from 'zod';
import { documentIdSchema } from './documentId';
import { searchTerms } from '../messageSearch';
import { textSchema } from './text';
import { timestampSchema, uidSchema } from './common';

/** Results per page of a message search. */
export const SEARCH_PAGE_SIZE = 20;
/** The deepest page offset a search may ask for: past it, better words find more than paging. */
export const SEARCH_MAX_OFFSET = 200;
/** The longest search text. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** What the web sends to search the messages of one class. */
export const messageSearchInputSchema = z.object({
  class_id: documentIdSchema,
  query: textSchema()
    .max(SEARCH_QUERY_MAX_LENGTH, {
      error: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
    })
    .refine((query) => searchTerms(query).length > 0, { error: 'Type a word to search for' }),
  /** Only this channel's messages (it must be one the viewer sees). */
  channel_id: documentIdSchema.nullish(),
  /** Only this person's messages. */
  author_uid: uidSchema.nullish(),
  offset: z.int().min(0).max(SEARCH_MAX_OFFSET).default(0),
});

/** A parsed message search. */
export type MessageSearchInput = z.infer<typeof messageSearchInputSchema>;

/** A piece of a result's snippet: `hit` marks the words that matched (shown highlighted). */
export const snippetSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetSegment = z.infer<typeof snippetSegmentSchema>;

/** One message found. The snippet is data, never HTML: the web renders it as text. */
export const messageSearchResultSchema = z.object({
  id: documentIdSchema,
  channel_id: documentIdSchema,
  channel_name: z.string(),
  seq: z.int().min(1),
  author_uid: uidSchema,
  author_name: z.string(),
  /** Staff only, in an anonymous activity's case channel: the author's pseudonym beside the name. */
  author_pseudonym: z.string().exactOptional(),
  created_at: timestampSchema,
  snippet: z.array(snippetSegmentSchema),
});
export type MessageSearchResult = z.infer<typeof messageSearchResultSchema>;

/** A page of results, best first; `nextOffset` is null when there are no more (or no deeper pages). */
export interface MessageSearchPage {
  results: MessageSearchResult[];
  nextOffset: number | null;
}
