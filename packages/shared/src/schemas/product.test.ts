import { describe, expect, it } from 'vitest';
import { productInputSchema, publicProductSchema } from './product';

const product = {
  product_id: 'p1',
  seq: 1,
  title: 'Data Analyst',
  name: 'DataAnalystBot',
  product_qualified_name: 'seminar.data-analyst',
  product_type: 'ai_agent',
  product_billing_id: null,
  product_billing_name: null,
  price_per_user: 0,
  description: 'Answers data questions.',
  contributor: 'Seminar',
  disciplines: ['Business'],
  categories: ['Analytics'],
  product_version: '1.0.0',
  ai_agent_cooperation_mode: null,
  ai_agent_refs: [],
  enabled: true,
  deleted: false,
};

describe('publicProductSchema', () => {
  it('applies the SPEC defaults', () => {
    expect(publicProductSchema.parse(product)).toEqual({
      ...product,
      product_files: [],
      learning_objective: '',
      product_access_type: 'public',
      // No token price set (docs/ai.md#the-spend-as-it-happens).
      price_per_1k_tokens: null,
      version: 0,
    });
  });

  it('keeps given values over the defaults', () => {
    const given = {
      product_files: ['guide.pdf'],
      learning_objective: 'Read data',
      product_access_type: 'private',
    };
    expect(publicProductSchema.parse({ ...product, ...given })).toMatchObject(given);
  });

  it.each([
    ['product_id', { product_id: 'a/b' }],
    ['seq', { seq: 1.5 }],
    ['price_per_user', { price_per_user: -1 }],
    ['price_per_1k_tokens', { price_per_1k_tokens: -0.5 }],
    ['product_files', { product_files: [1] }],
    ['product_access_type', { product_access_type: '' }],
    ['enabled', { enabled: undefined }],
    ['name', { name: undefined }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(
      publicProductSchema.safeParse({ ...product, ...overrides }).error?.issues[0]?.path[0],
    ).toBe(path);
  });
});

describe('productInputSchema', () => {
  it('applies defaults and trims', () => {
    expect(
      productInputSchema.parse({ product_id: 'p1', title: ' Tutor ', name: 'tutor' }),
    ).toMatchObject({
      title: 'Tutor',
      product_files: [],
      learning_objective: '',
      product_access_type: 'public',
      price_per_user: null,
      enabled: true,
    });
  });
  it.each([
    [{ title: '' }, 'title'],
    [{ name: '  ' }, 'name'],
    [{ price_per_user: -1 }, 'price_per_user'],
    [{ product_id: 'a/b' }, 'product_id'],
  ])('refuses %o', (change, path) => {
    const result = productInputSchema.safeParse({
      product_id: 'p1',
      title: 'T',
      name: 'n',
      ...change,
    });
    expect(result.error?.issues[0]?.path).toEqual([path]);
  });
});
