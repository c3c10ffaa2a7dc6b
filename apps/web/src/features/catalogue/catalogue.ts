// Docs: docs/catalogue.md — the catalogue page's pure rules: search (title, name, description,
// contributor), filters (disciplines, categories, product type), the filter choices, and what an AI
// product costs a class (price per user × the class's enrolled students, per term).
import { countOf, plural, type PublicProduct, type RosterEntry } from '@seminar/shared';
import { formatPrice } from '../../shell/currency';
// The order is its own zod-free module: the chat reads the catalogue, and currency reaches zod.
import { byText } from '../../data/productOrder';

export interface CatalogueFilters {
  /** Words to find (all of them, in any order, ignoring case and accents). */
  query: string;
  /** Products with any of these disciplines (none chosen: any). */
  disciplines: readonly string[];
  /** Products with any of these categories (none chosen: any). */
  categories: readonly string[];
  /** Products of any of these types (none chosen: any). */
  types: readonly string[];
}

export const NO_FILTERS: CatalogueFilters = {
  query: '',
  disciplines: [],
  categories: [],
  types: [],
};

/** True when anything narrows the list. */
export function isFiltered(filters: CatalogueFilters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.disciplines.length > 0 ||
    filters.categories.length > 0 ||
    filters.types.length > 0
  );
}

/** Lower case without accents, so "resume" finds "Résumé". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** The words of a search, folded. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

type Searchable = Pick<PublicProduct, 'title' | 'name' | 'description' | 'contributor'>;

/** True when every word of `query` is in the title, name, description or contributor. */
export function matchesSearch(product: Searchable, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const haystack = foldText(
    [product.title, product.name, product.description, product.contributor].join('\n'),
  );
  return words.every((word) => haystack.includes(word));
}

const anyOf = (chosen: readonly string[], values: readonly string[]) =>
  chosen.length === 0 || values.some((value) => chosen.includes(value));

/** The products the search and filters keep, in the order given (the catalogue's, by seq). */
export function filterProducts<P extends PublicProduct>(
  products: readonly P[],
  filters: CatalogueFilters,
): P[] {
  return products.filter(
    (product) =>
      matchesSearch(product, filters.query) &&
      anyOf(filters.disciplines, product.disciplines) &&
      anyOf(filters.categories, product.categories) &&
      anyOf(filters.types, product.product_type ? [product.product_type] : []),
  );
}

/** The choices of each filter: every value the products have, once, alphabetically. */
export function filterChoices(products: readonly PublicProduct[]): {
  disciplines: string[];
  categories: string[];
  types: string[];
} {
  const collect = (pick: (product: PublicProduct) => readonly string[]) =>
    [...new Set(products.flatMap(pick).filter((value) => value.trim() !== ''))].sort(byText);
  return {
    disciplines: collect((product) => product.disciplines),
    categories: collect((product) => product.categories),
    types: collect((product) => (product.product_type ? [product.product_type] : [])),
  };
}

export { bySeq } from '../../data/productOrder';

const TYPE_LABELS: Readonly<Record<string, string>> = { ai_agent: 'AI agent' };

/** A product type as people read it ('ai_agent' → 'AI agent'). */
export function typeLabel(type: string): string {
  const known = TYPE_LABELS[type];
  if (known) return known;
  const words = type.replaceAll(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

/** "14 products", or "3 of 14 products" when filtered. */
export function resultCountText(shown: number, total: number): string {
  const noun = (n: number) => plural(n, { one: 'product', other: 'products' });
  return shown === total ? `${total} ${noun(total)}` : `${shown} of ${total} ${noun(total)}`;
}

// ---------------------------------------------------------------------------------------------
// Cost

/** A price in the installation's currency, with two decimals ("$4.50", "$1,260.00"). */
export { formatPrice };

/** What the class pays per term: price per user × students, computed in cents. */
export function termCost(pricePerUser: number, students: number): number {
  const cents = Math.round(pricePerUser * 100);
  return (cents * Math.max(0, Math.floor(students))) / 100;
}

/**
 * The cost in words: "$4.50 per student × 28 students = $126.00 per term"; "Free" for a price of 0;
 * null when the product has no price.
 */
export function costText(pricePerUser: number | null, students: number): string | null {
  if (pricePerUser === null) return null;
  if (pricePerUser === 0) return 'Free';
  const count = Math.max(0, Math.floor(students));
  return `${formatPrice(pricePerUser)} per student × ${countOf(count, { one: 'student', other: 'students' })} = ${formatPrice(termCost(pricePerUser, count))} per term`;
}

/**
 * What attaching a product costs a class, with its billing name: "$4.50 per student × 28 students =
 * $126.00 per term · Billing: Analyst seat"; "Free"; "No price yet".
 */
export function costWithBilling(
  product: Pick<PublicProduct, 'price_per_user' | 'product_billing_name'>,
  students: number,
): string {
  const cost = costText(product.price_per_user, students) ?? 'No price yet';
  const billing = product.product_billing_name?.trim();
  return billing ? `${cost} · Billing: ${billing}` : cost;
}

/** The price alone: "$4.50 per student", "Free", or "No price". */
export function priceText(pricePerUser: number | null): string {
  if (pricePerUser === null) return 'No price';
  if (pricePerUser === 0) return 'Free';
  return `${formatPrice(pricePerUser)} per student`;
}

/**
 * The class's enrolled students: student roster entries that are enabled and not deleted (nor
 * being deleted), invitations (no account yet) left out; a person counts once.
 */
export function enrolledStudentCount(roster: readonly RosterEntry[]): number {
  const people = new Set<string>();
  for (const entry of roster) {
    if (entry.role !== 'student' || !entry.enabled || entry.deleted || entry.pending_deleted)
      continue;
    if (entry.invited || entry.uid === null) continue;
    people.add(entry.uid);
  }
  return people.size;
}

// ---------------------------------------------------------------------------------------------
// The search and filters in the page's address (?q=…&discipline=…&category=…&type=…), so a
// filtered list can be shared, reloaded and returned to from a product's detail.

const PARAM = { query: 'q', disciplines: 'discipline', categories: 'category', types: 'type' };

export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  return {
    query: params.get(PARAM.query) ?? '',
    disciplines: params.getAll(PARAM.disciplines),
    categories: params.getAll(PARAM.categories),
    types: params.getAll(PARAM.types),
  };
}

export function paramsFromFilters(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query !== '') params.set(PARAM.query, filters.query);
  for (const value of filters.disciplines) params.append(PARAM.disciplines, value);
  for (const value of filters.categories) params.append(PARAM.categories, value);
  for (const value of filters.types) params.append(PARAM.types, value);
  return params;
}
