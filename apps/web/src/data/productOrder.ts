// Docs: docs/catalogue.md — the catalogue's order, zod-free and in the data layer (the chat's
// mention picker reads the catalogue on the class page's first load; the screens sort with it too).
import type { PublicProduct } from '@seminar/shared';

export const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** The catalogue's order: by seq, then title. */
export function bySeq(a: PublicProduct, b: PublicProduct): number {
  return a.seq - b.seq || byText(a.title, b.title) || a.product_id.localeCompare(b.product_id);
}
