// Test helpers for tables that hold a hand-written check to its zod schema (liveWire.test.ts,
// analyticsCheck.test.ts): every field of a valid value removed or replaced.

/** `value` with the field at `path` set to `next` (undefined: removed). */
export function withField(value: unknown, path: readonly string[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(value as Record<string, unknown>) };
  const inner = withField(copy[head], rest, next);
  if (inner === undefined) delete copy[head];
  else copy[head] = inner;
  return copy;
}

/** Every path to a field of an object (not into arrays' items). */
export function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    [...prefix, key],
    ...fieldPaths(inner, [...prefix, key]),
  ]);
}
