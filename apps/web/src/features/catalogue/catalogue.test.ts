import { describe, expect, it } from 'vitest';
import { productInputSchema } from '@seminar/shared';
import { makeProduct } from '../../testing/catalogueFixtures';
import { makeInvitation, makeMember } from '../../testing/classFixtures';
import {
  bySeq,
  costText,
  costWithBilling,
  enrolledStudentCount,
  filterChoices,
  filterProducts,
  filtersFromParams,
  formatPrice,
  isFiltered,
  matchesSearch,
  NO_FILTERS,
  paramsFromFilters,
  priceText,
  resultCountText,
  termCost,
  typeLabel,
} from './catalogue';
import {
  cooperationModeChoices,
  emptyProductForm,
  parseProductForm,
  productFormFrom,
} from './productForm';

const bot = makeProduct();
const tutor = makeProduct({
  product_id: 'product_tutor',
  seq: 20,
  title: 'Socratic Tutor',
  name: 'SocraticTutor',
  description: 'Asks the next good question.',
  contributor: 'Ada Résumé',
  disciplines: ['Philosophy'],
  categories: ['Tutoring'],
  product_type: 'ai_agent',
});
const dataset = makeProduct({
  product_id: 'product_dataset',
  seq: 5,
  title: 'Sales data 2020–2025',
  name: 'SalesData',
  description: 'A data set for pricing cases.',
  contributor: 'Retail Co',
  disciplines: ['Business'],
  categories: ['Case method'],
  product_type: 'data_set',
});
const all = [bot, tutor, dataset];

describe('search', () => {
  it('finds every word in title, name, description or contributor, ignoring case and accents', () => {
    expect(matchesSearch(bot, '')).toBe(true);
    expect(matchesSearch(bot, '  data   BOT ')).toBe(true);
    expect(matchesSearch(bot, 'dataanalystbot')).toBe(true);
    expect(matchesSearch(bot, 'case')).toBe(true);
    expect(matchesSearch(bot, 'seminar labs')).toBe(true);
    expect(matchesSearch(tutor, 'resume')).toBe(true);
    expect(matchesSearch(bot, 'data tutor')).toBe(false);
  });

  it('does not search other fields (disciplines are filters)', () => {
    expect(matchesSearch(bot, 'statistics')).toBe(false);
  });
});

describe('filters', () => {
  it('keeps products with any chosen value per filter, and all filters together', () => {
    expect(filterProducts(all, NO_FILTERS)).toEqual(all);
    expect(filterProducts(all, { ...NO_FILTERS, disciplines: ['Business'] })).toEqual([
      bot,
      dataset,
    ]);
    expect(filterProducts(all, { ...NO_FILTERS, disciplines: ['Business', 'Philosophy'] })).toEqual(
      all,
    );
    expect(
      filterProducts(all, {
        ...NO_FILTERS,
        disciplines: ['Business'],
        categories: ['Case method'],
      }),
    ).toEqual([dataset]);
    expect(filterProducts(all, { ...NO_FILTERS, types: ['ai_agent'] })).toEqual([bot, tutor]);
    expect(filterProducts(all, { ...NO_FILTERS, query: 'data', types: ['data_set'] })).toEqual([
      dataset,
    ]);
    expect(filterProducts(all, { ...NO_FILTERS, query: 'zeppelin' })).toEqual([]);
  });

  it('offers each value once, alphabetically', () => {
    expect(filterChoices(all)).toEqual({
      disciplines: ['Business', 'Philosophy', 'Statistics'],
      categories: ['Case method', 'Data analysis', 'Tutoring'],
      types: ['ai_agent', 'data_set'],
    });
  });

  it('says whether anything narrows the list', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, query: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, categories: ['x'] })).toBe(true);
  });

  it('keeps the search and filters in the address', () => {
    const filters = {
      query: 'data bot',
      disciplines: ['Business', 'Law & Order'],
      categories: [],
      types: ['ai_agent'],
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe(
      'q=data+bot&discipline=Business&discipline=Law+%26+Order&type=ai_agent',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('orders by seq, then title', () => {
    expect([...all].sort(bySeq).map((p) => p.product_id)).toEqual([
      'product_dataset',
      'product_bot',
      'product_tutor',
    ]);
  });

  it('words types and counts', () => {
    expect(typeLabel('ai_agent')).toBe('AI agent');
    expect(typeLabel('data_set')).toBe('Data set');
    expect(resultCountText(14, 14)).toBe('14 products');
    expect(resultCountText(1, 14)).toBe('1 of 14 products');
    expect(resultCountText(1, 1)).toBe('1 product');
    expect(resultCountText(0, 0)).toBe('0 products');
  });
});

describe('cost', () => {
  it('is price per user × enrolled students per term, in cents', () => {
    expect(termCost(4.5, 28)).toBe(126);
    expect(termCost(0.1, 3)).toBe(0.3);
    expect(termCost(19.99, 7)).toBe(139.93);
    expect(termCost(4.5, 0)).toBe(0);
  });

  it('is said in words with two decimals', () => {
    expect(costText(4.5, 28)).toBe('$4.50 per student × 28 students = $126.00 per term');
    expect(costText(6, 1)).toBe('$6.00 per student × 1 student = $6.00 per term');
    expect(costText(45, 30)).toBe('$45.00 per student × 30 students = $1,350.00 per term');
    expect(costText(0, 28)).toBe('Free');
    expect(costText(null, 28)).toBeNull();
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(priceText(4.5)).toBe('$4.50 per student');
    expect(priceText(0)).toBe('Free');
    expect(priceText(null)).toBe('No price');
  });

  it('names the billing when the product has one', () => {
    const priced = { price_per_user: 4.5, product_billing_name: 'Analyst seat' };
    expect(costWithBilling(priced, 3)).toBe(
      '$4.50 per student × 3 students = $13.50 per term · Billing: Analyst seat',
    );
    expect(costWithBilling({ ...priced, product_billing_name: '  ' }, 1)).toBe(
      '$4.50 per student × 1 student = $4.50 per term',
    );
    expect(costWithBilling({ ...priced, product_billing_name: null }, 0)).toBe(
      '$4.50 per student × 0 students = $0.00 per term',
    );
    expect(costWithBilling({ price_per_user: 0, product_billing_name: 'Trial' }, 9)).toBe(
      'Free · Billing: Trial',
    );
    expect(costWithBilling({ price_per_user: null, product_billing_name: null }, 9)).toBe(
      'No price yet',
    );
  });

  it('counts enabled, not deleted student entries, each person once, without invitations', () => {
    const roster = [
      makeMember('s1', 'student'),
      makeMember('s2', 'student'),
      makeMember('s3', 'student', { enabled: false }),
      makeMember('s4', 'student', { deleted: true }),
      makeMember('s5', 'student', { pending_deleted: true }),
      makeMember('i1', 'instructor'),
      makeMember('a1', 'admin'),
      makeInvitation('new@example.edu', 'student'),
      { ...makeMember('s1', 'student'), id: 'student:s1:again' },
    ];
    expect(enrolledStudentCount(roster)).toBe(2);
    expect(enrolledStudentCount([])).toBe(0);
  });
});

describe('the product form', () => {
  const ids = { product_id: 'product_new', enabled: true };

  it('needs a title and a name, and a price that is a number from 0', () => {
    const result = parseProductForm({ ...emptyProductForm(), price_per_user: '-1' }, ids);
    expect(result).toMatchObject({
      ok: false,
      errors: {
        title: 'Enter a title',
        name: 'Enter a name',
        price_per_user: 'A price cannot be negative',
      },
    });
    const text = parseProductForm(
      { ...emptyProductForm(), title: 'T', name: 'N', price_per_user: 'cheap' },
      ids,
    );
    expect(!text.ok && text.errors.price_per_user).toBe('Enter a price as a number, like 4.50');
    const seq = parseProductForm({ ...emptyProductForm(), title: 'T', name: 'N', seq: '1.5' }, ids);
    expect(!seq.ok && seq.errors.seq).toBe('Enter a whole number from 0');
  });

  it('turns the typed values into a product input (lists, decimals, empty texts)', () => {
    const result = parseProductForm(
      {
        ...emptyProductForm(),
        title: ' Negotiation Counterpart ',
        name: 'CaseNegotiator',
        disciplines: 'Business, Law,',
        categories: '',
        price_per_user: '6,50',
        ai_agent_refs: 'CaseNegotiator',
        product_files: 'guide.pdf; brief.pdf',
        seq: '30',
      },
      ids,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      product_id: 'product_new',
      title: 'Negotiation Counterpart',
      disciplines: ['Business', 'Law'],
      categories: [],
      price_per_user: 6.5,
      product_billing_id: null,
      ai_agent_cooperation_mode: null,
      ai_agent_refs: ['CaseNegotiator'],
      product_files: ['guide.pdf', 'brief.pdf'],
      product_access_type: 'public',
      seq: 30,
      enabled: true,
    });
    expect(productInputSchema.safeParse(result.value).success).toBe(true);
  });

  it('offers the cooperation modes, and keeps an older free-text value as a choice', () => {
    const values = (current: string) => cooperationModeChoices(current).map((c) => c.value);
    expect(values('')).toEqual(['', 'mention', 'every_message', 'paused']);
    expect(values('paused')).toEqual(['', 'mention', 'every_message', 'paused']);
    expect(values('co-analyst')).toEqual(['', 'mention', 'every_message', 'paused', 'co-analyst']);
    expect(cooperationModeChoices('co-analyst').at(-1)?.label).toBe(
      'co-analyst — an older value: answers when @mentioned',
    );
    expect(cooperationModeChoices('').find((c) => c.value === 'mention')?.label).toBe(
      'mention — answers when @mentioned (the default)',
    );
  });

  it('round-trips a product through the form', () => {
    const result = parseProductForm(productFormFrom(bot), {
      product_id: bot.product_id,
      enabled: bot.enabled,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { deleted: _deleted, version: _version, ...fields } = bot;
    expect(result.value).toEqual(fields);
  });
});
