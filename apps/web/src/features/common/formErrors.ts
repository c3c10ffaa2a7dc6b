// Field errors from a zod schema's issues: the first message per top-level field, for forms that
// show each error under its field (the schemas are the shared ones the server also applies).

/** The part of a zod issue the forms read. */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** A message per field name; the first issue of a field wins. Issues without a path go to 'form'. */
export function fieldErrorsFrom(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? key : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Splits a comma-separated list of labels as typed ("Physics, Maths ,") into clean labels. */
export function splitLabels(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

/** The labels as the form shows them. */
export function joinLabels(labels: readonly string[]): string {
  return labels.join(', ');
}

/** Without `field` (the user edited it); the same object when there was nothing to drop. */
export function withoutError<E extends Record<string, string | undefined>>(
  errors: E,
  field: string,
): E {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
