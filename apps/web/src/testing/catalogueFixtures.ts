// Catalogue rows as the server sends them, for tests of the catalogue screens.
import type { PublicProduct } from '@seminar/shared';

export function makeProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    product_id: 'product_bot',
    seq: 10,
    title: 'Data Analyst Bot',
    name: 'DataAnalystBot',
    product_qualified_name: 'seminar.agents.DataAnalystBot',
    product_type: 'ai_agent',
    product_files: [],
    product_billing_id: null,
    product_billing_name: null,
    price_per_user: 4.5,
    price_per_1k_tokens: null,
    description: 'Answers questions about a case’s data set.',
    learning_objective: '',
    contributor: 'Seminar Labs',
    disciplines: ['Business', 'Statistics'],
    categories: ['Data analysis'],
    product_version: '1.0.0',
    product_access_type: 'public',
    ai_agent_cooperation_mode: 'co-analyst',
    ai_agent_refs: ['DataAnalystBot'],
    enabled: true,
    deleted: false,
    version: 1,
    ...overrides,
  };
}
