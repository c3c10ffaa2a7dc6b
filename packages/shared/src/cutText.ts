// Docs: docs/channels.md#attachments — cutting text to a length without breaking a character. A
// plain `slice` counts UTF-16 units, so it can end between the two halves of a surrogate pair (a
// lone surrogate is not Unicode: it cannot be encoded as UTF-8) or between an emoji and its skin
// tone, a flag's two letters, or a letter and its accent. This cuts between graphemes (what a reader
// sees as one character), or between code points where Intl.Segmenter is missing.

let segmenter: Intl.Segmenter | null | undefined;

/** The graphemes of `text` in order, lazily (code points without Intl.Segmenter). */
function graphemes(text: string): Iterable<string> {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  }
  if (segmenter === null) return text;
  const segments = segmenter.segment(text);
  return {
    *[Symbol.iterator]() {
      for (const { segment } of segments) yield segment;
    },
  };
}

/**
 * The longest start of `text` that is whole graphemes and at most `maxLength` UTF-16 units long (the
 * unit `string.length` and the text boxes count); `text` itself when it fits.
 */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = 0;
  for (const grapheme of graphemes(text)) {
    if (end + grapheme.length > maxLength) break;
    end += grapheme.length;
  }
  return text.slice(0, end);
}
