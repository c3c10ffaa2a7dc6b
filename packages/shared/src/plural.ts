// Counts in words ("1 class", "3 classes", "1 of 4 classes matches"): the form comes from the
// language's plural rules (Intl.PluralRules), not from `n === 1`, so 0, 1.5 and 1,000 read right
// and another language can be added with its own forms. Web and server use the same words.

/** A word's forms by plural category; English needs `one` and `other`. */
export interface PluralForms {
  one: string;
  other: string;
  zero?: string;
  two?: string;
  few?: string;
  many?: string;
}

const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The form of `forms` that goes with `count` ("class" for 1, "classes" otherwise). */
export function plural(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  return forms[category] ?? forms.other;
}

/** The count and its word: "1 class", "12 classes", "1,200 students". */
export function countOf(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${plural(count, forms)}`;
}
