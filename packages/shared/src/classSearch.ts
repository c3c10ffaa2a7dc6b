// Docs: docs/classes.md#find-a-class — searching the public classes ("Find a class") by name, course
// code, term and discipline, and paging the result. Pure, so the web (and any later server-side
// search) match the same way.

/** The class fields a search reads. */
export interface SearchableClass {
  name: string;
  course_name?: string;
  course_code?: string;
  course_term?: string;
  course_disciplines?: readonly string[];
}

/** What a search looks in, as people read it (the empty-result message lists these). */
export const CLASS_SEARCH_FIELDS = ['name', 'course code', 'term', 'discipline'] as const;

/** Lower-cased, accents dropped, runs of spaces as one: "Éco  Bio" and "eco bio" read alike. */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query (folded); none for a blank query. */
export function searchWords(query: string): string[] {
  const folded = foldSearchText(query);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * True when every word of `query` is found (as a part of a word, any case, accents ignored) in the
 * class's name, course name, course code, term or one of its disciplines. A blank query matches all.
 *
 * @example matchesClassSearch({ name: 'Physics', course_term: 'Fall 2026' }, 'phys 2026') // true
 */
export function matchesClassSearch(cls: SearchableClass, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const haystack = foldSearchText(
    [
      cls.name,
      cls.course_name ?? '',
      cls.course_code ?? '',
      cls.course_term ?? '',
      ...(cls.course_disciplines ?? []),
    ].join('\n'),
  );
  return words.every((word) => haystack.includes(word));
}

/** One page of a list: its rows, the page shown (1-based, clamped) and how many pages there are. */
export interface ListPage<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
}

/**
 * The `page`-th page (1-based) of `rows`, `size` rows a page. A page past the end (the list shrank)
 * or below 1 (or not a number) shows the nearest page; an empty list has one empty page.
 */
export function pageOf<Row>(rows: readonly Row[], page: number, size: number): ListPage<Row> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Number.isFinite(page) ? Math.min(Math.max(1, Math.trunc(page)), pageCount) : 1;
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount };
}
