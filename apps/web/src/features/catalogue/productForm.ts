// The site admin's product form: its values as typed and their check with the shared
// `productInputSchema` (the server applies the same), an error per field.
import {
  AI_AGENT_COOPERATION_MODES,
  productInputSchema,
  type AiAgentCooperationMode,
  type ProductInput,
  type PublicProduct,
} from '@seminar/shared';
import { fieldErrorsFrom, joinLabels, splitLabels } from '../common/formErrors';

/** The form as typed; lists are comma-separated, '' means "none" for the optional texts. */
export interface ProductFormValues {
  title: string;
  name: string;
  product_qualified_name: string;
  product_type: string;
  description: string;
  learning_objective: string;
  contributor: string;
  disciplines: string;
  categories: string;
  price_per_user: string;
  price_per_1k_tokens: string;
  product_billing_id: string;
  product_billing_name: string;
  product_version: string;
  product_access_type: string;
  ai_agent_cooperation_mode: string;
  ai_agent_refs: string;
  product_files: string;
  seq: string;
}

export type ProductField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductField | 'form', string>>;

/** In the order the form shows them (the first with an error gets the focus). */
export const PRODUCT_FIELDS: readonly ProductField[] = [
  'title',
  'name',
  'description',
  'learning_objective',
  'product_type',
  'product_qualified_name',
  'contributor',
  'disciplines',
  'categories',
  'price_per_user',
  'price_per_1k_tokens',
  'product_billing_id',
  'product_billing_name',
  'product_version',
  'product_access_type',
  'ai_agent_cooperation_mode',
  'ai_agent_refs',
  'product_files',
  'seq',
];

export function emptyProductForm(): ProductFormValues {
  return {
    title: '',
    name: '',
    product_qualified_name: '',
    product_type: 'ai_agent',
    description: '',
    learning_objective: '',
    contributor: '',
    disciplines: '',
    categories: '',
    price_per_user: '',
    price_per_1k_tokens: '',
    product_billing_id: '',
    product_billing_name: '',
    product_version: '1.0.0',
    product_access_type: 'public',
    ai_agent_cooperation_mode: '',
    ai_agent_refs: '',
    product_files: '',
    seq: '',
  };
}

export function productFormFrom(product: PublicProduct): ProductFormValues {
  return {
    title: product.title,
    name: product.name,
    product_qualified_name: product.product_qualified_name,
    product_type: product.product_type,
    description: product.description,
    learning_objective: product.learning_objective,
    contributor: product.contributor,
    disciplines: joinLabels(product.disciplines),
    categories: joinLabels(product.categories),
    price_per_user: product.price_per_user === null ? '' : String(product.price_per_user),
    price_per_1k_tokens:
      product.price_per_1k_tokens === null ? '' : String(product.price_per_1k_tokens),
    product_billing_id: product.product_billing_id ?? '',
    product_billing_name: product.product_billing_name ?? '',
    product_version: product.product_version,
    product_access_type: product.product_access_type,
    ai_agent_cooperation_mode: product.ai_agent_cooperation_mode ?? '',
    ai_agent_refs: joinLabels(product.ai_agent_refs),
    product_files: joinLabels(product.product_files),
    seq: String(product.seq),
  };
}

export type ProductFormResult =
  { ok: true; value: ProductInput } | { ok: false; errors: ProductFormErrors };

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** A typed number ('' is `empty`; text that is not a number stays text, for the schema to refuse). */
function numberOr(text: string, empty: number | null | undefined): unknown {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return empty;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/** Checks the form for product `productId` (enabled as given). */
export function parseProductForm(
  values: ProductFormValues,
  ids: { product_id: string; enabled: boolean },
): ProductFormResult {
  const result = productInputSchema.safeParse({
    ...ids,
    title: values.title,
    name: values.name,
    product_qualified_name: values.product_qualified_name,
    product_type: values.product_type,
    description: values.description,
    learning_objective: values.learning_objective,
    contributor: values.contributor,
    disciplines: splitLabels(values.disciplines),
    categories: splitLabels(values.categories),
    price_per_user: numberOr(values.price_per_user, null),
    price_per_1k_tokens: numberOr(values.price_per_1k_tokens, null),
    product_billing_id: orNull(values.product_billing_id),
    product_billing_name: orNull(values.product_billing_name),
    product_version: values.product_version,
    product_access_type:
      values.product_access_type.trim() === '' ? undefined : values.product_access_type,
    ai_agent_cooperation_mode: orNull(values.ai_agent_cooperation_mode),
    ai_agent_refs: splitLabels(values.ai_agent_refs),
    product_files: splitLabels(values.product_files),
    seq: numberOr(values.seq, undefined),
  });
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrorsFrom(result.error.issues) as ProductFormErrors;
  const raw = errors as Record<string, string | undefined>;
  // The id is not typed: a problem with it is the form's.
  if (raw.product_id && !errors.form) errors.form = raw.product_id;
  if (errors.price_per_user && typeof numberOr(values.price_per_user, null) === 'string')
    errors.price_per_user = 'Enter a price as a number, like 4.50';
  if (errors.seq) errors.seq = 'Enter a whole number from 0';
  return { ok: false, errors };
}

/** The row to show at once for a saved input (SPEC's defaults applied by the schema). */
export function optimisticProduct(
  input: ProductInput,
  previous: PublicProduct | null,
): PublicProduct {
  return { ...input, deleted: false, version: previous?.version ?? 0 };
}

const MODE_DESCRIPTIONS: Readonly<Record<AiAgentCooperationMode, string>> = {
  mention: 'answers when @mentioned (the default)',
  every_message: 'answers every student message',
  paused: 'never answers',
};

/** One choice of the cooperation mode select: its stored value and what it says. */
export interface CooperationModeChoice {
  value: string;
  label: string;
}

/**
 * The cooperation mode select's choices (docs/ai.md#modes): not set, the three modes, and — when
 * the product holds one — its older free-text value, kept as it is (it means `mention`), so
 * editing another field does not change it.
 */
export function cooperationModeChoices(current: string): CooperationModeChoice[] {
  const choices: CooperationModeChoice[] = [
    { value: '', label: 'Not set — answers when @mentioned' },
    ...AI_AGENT_COOPERATION_MODES.map((mode) => ({
      value: mode,
      label: `${mode} — ${MODE_DESCRIPTIONS[mode]}`,
    })),
  ];
  const known = choices.some((choice) => choice.value === current);
  return known
    ? choices
    : [
        ...choices,
        { value: current, label: `${current} — an older value: answers when @mentioned` },
      ];
}
