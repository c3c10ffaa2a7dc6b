// Docs: docs/channels.md#search — searching a class's messages: pages of ranked results for the
// words typed, optionally in one channel or by one person. Not live: a search is asked again when
// its words or filters change.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessageSearchPage } from '@seminar/shared';
import { useLive } from '../live/LiveProvider';

/** What to search for. */
export interface MessageSearchFilters {
  query: string;
  channelId: string | null;
  authorUid: string | null;
}

/** The pages of results for `filters` in a class (nothing is asked while the query is blank). */
export function useMessageSearch(classId: string, filters: MessageSearchFilters | null) {
  const { client } = useLive();
  return useInfiniteQuery({
    queryKey: ['messages.search', classId, filters] as const,
    enabled: client !== null && filters !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<MessageSearchPage> => {
      if (!client || !filters) return Promise.resolve({ results: [], nextOffset: null });
      return client.messages.search.query({
        class_id: classId,
        query: filters.query,
        channel_id: filters.channelId,
        author_uid: filters.authorUid,
        offset: pageParam,
      });
    },
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    staleTime: 10_000,
    retry: false,
  });
}
