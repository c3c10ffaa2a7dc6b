// Docs: docs/accounts.md#request-bodies — JSON bodies whose size and nesting are checked before
// anything walks them recursively (issue 29.5: a 5,000-deep array in an auth body was a 500).

/** A body refused before parsing: a worded 400 with a code, never a stack overflow. */
export class BodyRefusal extends Error {
  override name = 'BodyRefusal';
  readonly statusCode = 400;
  constructor(
    readonly code: 'BODY_TOO_DEEP' | 'BODY_TOO_LARGE' | 'INVALID_JSON',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The deepest nesting of arrays and objects in JSON text, found in one pass without recursion;
 * stops counting once past `limit` (brackets inside strings do not count).
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return deepest;
}

/** JSON text parsed once its nesting is known to be at most `maxDepth`. */
export function parseBoundedJson(text: string, maxDepth: number): unknown {
  if (jsonDepth(text, maxDepth) > maxDepth)
    throw new BodyRefusal(
      'BODY_TOO_DEEP',
      `The request body is nested more than ${maxDepth} levels deep.`,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyRefusal('INVALID_JSON', 'The request body is not valid JSON.');
  }
}
