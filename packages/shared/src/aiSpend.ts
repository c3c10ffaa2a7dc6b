// Docs: docs/ai.md#the-spend-as-it-happens — what an activity's agents have cost so far and how much
// of its budget they have used: the pure rules the server's watch row and the activity's card share.

/** What the spend is reckoned from. */
export type SpendBasis = 'tokens' | 'seats' | 'none';

/** The product's prices. */
export interface SpendPrices {
  /** Price per 1,000 tokens (input and output alike); null: not priced by tokens. */
  price_per_1k_tokens: number | null;
  /** Per-seat price (per student and term); used when there is no token price. */
  price_per_user: number | null;
}

/** The spend so far: tokens × the token price, or else the seats × the per-seat price. */
export function aiSpend(
  prices: SpendPrices,
  use: { tokens: number; students: number },
): { basis: SpendBasis; amount: number | null } {
  if (prices.price_per_1k_tokens !== null)
    return {
      basis: 'tokens',
      amount: roundCents((use.tokens / 1000) * prices.price_per_1k_tokens),
    };
  if (prices.price_per_user !== null)
    return { basis: 'seats', amount: roundCents(prices.price_per_user * use.students) };
  return { basis: 'none', amount: null };
}

/** Rounded to a hundredth, so 0.1 + 0.2 shows as 0.30 and compares equal on every node. */
const roundCents = (amount: number) => Math.round(amount * 100) / 100;

/** The share of the warning: 80 % of the budget. */
export const SPEND_WARN_SHARE = 0.8;

/**
 * How much of the activity's budget is used: the larger of answers / answer budget and tokens /
 * token budget (each that is set); null when neither is set.
 */
export function budgetShare(
  use: { answers: number; tokens: number },
  budget: { answers: number | null; tokens: number | null },
): number | null {
  const shares: number[] = [];
  if (budget.answers !== null) shares.push(budget.answers === 0 ? 1 : use.answers / budget.answers);
  if (budget.tokens !== null) shares.push(budget.tokens === 0 ? 1 : use.tokens / budget.tokens);
  return shares.length === 0 ? null : Math.max(...shares);
}

/** Whether to warn now: the share reached 80 % and no warning was given for this budget yet. */
export function shouldWarn(share: number | null, warnedAlready: boolean): boolean {
  return !warnedAlready && share !== null && share >= SPEND_WARN_SHARE;
}

/** An activity's AI watch as its staff see it live (`moderation.watch`): flags and spend. */
export interface AiWatchRow {
  activity_id: string;
  /** Flagged exchanges nobody has marked handled yet. */
  unhandled_flags: number;
  /** Flagged exchanges in all. */
  flags: number;
  answers: number;
  tokens: number;
  spend_basis: SpendBasis;
  /** In the installation's currency; null when the product has no price. */
  spend: number | null;
  budget_answers: number | null;
  budget_tokens: number | null;
  /** Share of the budget used (1 = all); null without a budget. */
  budget_share: number | null;
  /** When the 80 % warning was given (epoch ms); null: not for this budget. */
  warned_at: number | null;
  version: number;
}

/** The budget share in words: "82 % of the budget". */
export function budgetShareText(share: number): string {
  return `${Math.floor(share * 100)} % of the budget`;
}
