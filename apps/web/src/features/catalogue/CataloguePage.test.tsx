import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityInput, Role } from '@seminar/shared';
import { takeBufferedEvents } from '../../analytics/events';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeProduct } from '../../testing/catalogueFixtures';
import { makeClass, makeInvitation, makeMember } from '../../testing/classFixtures';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';

const bot = makeProduct();
const tutor = makeProduct({
  product_id: 'product_tutor',
  seq: 20,
  title: 'Socratic Tutor',
  name: 'SocraticTutor',
  description: 'Asks the next good question.',
  disciplines: ['Philosophy'],
  categories: ['Tutoring'],
  price_per_user: 3,
});

async function openCatalogue(
  path = '/catalogue',
  { role = null, admin = false }: { role?: Role | null; admin?: boolean } = {},
) {
  fakeAuthServer(sessionFor({ id: 'u1' }));
  const fake = fakeTrpc();
  fake.on('me', () => ({ uid: 'u1', email: 'ada@example.edu', isSiteAdmin: admin }));
  // The class the catalogue is for is in its URL (the app bar's link from a class page adds it).
  const url = role ? `${path}${path.includes('?') ? '&' : '?'}class=class_1` : path;
  const app = renderApp(url, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: role ? [makeClass({ my_role: role })] : [], replace: true });
  await waitFor(() => expect(fake.subscription('products.live')).toBeDefined());
  await fake.subscription('products.live').send({
    type: 'snapshot',
    rows: [bot, tutor],
    replace: true,
  });
  return { fake, ...app };
}

const titles = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

beforeEach(() => {
  localStorage.clear();
  takeBufferedEvents();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the catalogue page', () => {
  it('lists the live catalogue with a search, filters and the result count', async () => {
    await openCatalogue();
    expect(await screen.findByRole('heading', { name: 'AI products', level: 1 })).toBeDefined();
    await waitFor(() => expect(document.title).toBe('Catalogue · Seminar'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Seminar activities',
    );
    expect(titles()).toEqual(['Data Analyst Bot', 'Socratic Tutor']);
    expect(screen.getByRole('status').textContent).toBe('2 products');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
      target: { value: 'good question' },
    });
    await waitFor(() => expect(titles()).toEqual(['Socratic Tutor']));
    expect(screen.getByRole('status').textContent).toBe('1 of 2 products');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
      target: { value: 'zeppelin' },
    });
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(titles()).toHaveLength(2));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Discipline/ }));
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: 'Philosophy' }));
    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(titles()).toEqual(['Socratic Tutor']));
    // Students see no cost and no admin controls.
    expect(screen.queryByRole('button', { name: 'New product' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('puts a failing products listener in the shared error banner (SPEC §8)', async () => {
    const { fake } = await openCatalogue();
    await fake.subscription('products.live').fail(trpcError('INTERNAL_SERVER_ERROR', 'boom'));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Something went wrong on the server. Try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('shows a product’s detail at /catalogue/:productId', async () => {
    await openCatalogue('/catalogue/product_bot');
    const dialog = await screen.findByRole('dialog', { name: 'Data Analyst Bot' });
    for (const text of ['Learning objective', 'Price per user', 'Cooperation mode', 'Agents'])
      expect(within(dialog).getByText(text)).toBeDefined();
    expect(within(dialog).getByText('$4.50 per student')).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Use in activity' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an instructor the cost for the selected class and uses a product in an activity', async () => {
    const { fake } = await openCatalogue('/catalogue/product_bot', { role: 'instructor' });
    await waitFor(() => expect(fake.subscription('classes.roster')).toBeDefined());
    await fake.subscription('classes.roster', { class_id: 'class_1' }).send({
      type: 'snapshot',
      rows: [
        makeMember('s1', 'student'),
        makeMember('s2', 'student'),
        makeMember('s3', 'student', { enabled: false }),
        makeMember('u1', 'instructor'),
        makeInvitation('later@example.edu', 'student'),
      ],
      replace: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Data Analyst Bot' });
    expect(
      await within(dialog).findByText(
        'Cost for Physics 101: $4.50 per student × 2 students = $9.00 per term',
      ),
    ).toBeDefined();

    let sent: ActivityInput | null = null;
    fake.on('activities.save', (input: ActivityInput) => {
      sent = input;
      return new Promise(() => undefined);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use in activity' }));
    const activity = await screen.findByRole('dialog', { name: 'New activity' });
    const picker = within(activity).getByRole('combobox', { name: 'AI product' });
    expect((picker as HTMLInputElement).value).toBe('Data Analyst Bot');
    expect(
      within(activity).getByText('$4.50 per student × 2 students = $9.00 per term'),
    ).toBeDefined();

    fireEvent.change(within(activity).getByLabelText(/^Title/, { selector: 'input' }), {
      target: { value: 'Churn case' },
    });
    fireEvent.click(within(activity).getByRole('button', { name: 'Save' }));
    // The cost is confirmed before anything is saved; "Back" returns to the form as it was.
    let confirm = await screen.findByRole('dialog', { name: 'Confirm the AI product’s cost' });
    const cost = within(confirm).getByRole('status');
    expect(cost.textContent).toBe(
      'Cost for Physics 101: $4.50 per student × 2 students = $9.00 per term',
    );
    await waitFor(() => expect(document.activeElement).toBe(cost));
    expect(fake.inputsOf('activities.save')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('dialog', { name: 'New activity' });
    expect(
      (within(again).getByLabelText(/^Title/, { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('Churn case');
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    confirm = await screen.findByRole('dialog', { name: 'Confirm the AI product’s cost' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toMatchObject({
      class_id: 'class_1',
      title: 'Churn case',
      product_id: 'product_bot',
      enabled: true,
    });
    expect(await screen.findByText('Activity “Churn case” added to Physics 101.')).toBeDefined();
  });

  it('gives site admins "New product" with the shared checks, and saves with products.save', async () => {
    const { fake } = await openCatalogue('/catalogue', { admin: true });
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const form = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter a title')).toBeDefined();
    expect(within(form).getByText('Enter a name')).toBeDefined();
    expect(fake.inputsOf('products.save')).toEqual([]);

    const field = (label: RegExp) => within(form).getByLabelText(label, { selector: 'input' });
    fireEvent.change(field(/^Title/), { target: { value: 'Drill Sergeant' } });
    fireEvent.change(field(/^Name/), { target: { value: 'DrillBot' } });
    fireEvent.change(field(/^Price per user/), { target: { value: '1.25' } });
    fake.on('products.save', () => new Promise(() => undefined));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('products.save')).toMatchObject([
      { title: 'Drill Sergeant', name: 'DrillBot', price_per_user: 1.25, enabled: true },
    ]);
    // Shown at once, marked as saving.
    const card = await screen.findByRole('article', { name: 'Drill Sergeant' });
    expect(within(card).getByText('Saving…')).toBeDefined();
  });

  it('picks the cooperation mode from the modes, keeping an older value until changed', async () => {
    const { fake } = await openCatalogue('/catalogue', { admin: true });
    fake.on('products.save', () => new Promise(() => undefined));
    const card = await screen.findByRole('article', { name: 'Data Analyst Bot' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    let form = await screen.findByRole('dialog', { name: 'Edit product' });
    const mode = () => within(form).getByRole('combobox', { name: 'Cooperation mode' });
    // The fixture's free-text 'co-analyst' shows as it is, and saving another change keeps it.
    expect(mode().textContent).toBe('co-analyst — an older value: answers when @mentioned');
    fireEvent.mouseDown(mode());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not set — answers when @mentioned',
      'mention — answers when @mentioned (the default)',
      'every_message — answers every student message',
      'paused — never answers',
      'co-analyst — an older value: answers when @mentioned',
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('products.save')).toMatchObject([
      { product_id: 'product_bot', ai_agent_cooperation_mode: 'co-analyst' },
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('dialog', { name: 'Edit product' });
    fireEvent.mouseDown(mode());
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'every_message — answers every student message',
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('products.save')[1]).toMatchObject({
      ai_agent_cooperation_mode: 'every_message',
    });
  });

  it('lets site admins disable and delete (after confirming)', async () => {
    const { fake } = await openCatalogue('/catalogue', { admin: true });
    fake.on('products.setEnabled', () => undefined);
    fake.on('products.delete', () => undefined);
    const card = await screen.findByRole('article', { name: 'Socratic Tutor' });
    fireEvent.click(within(card).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() =>
      expect(fake.inputsOf('products.setEnabled')).toEqual([
        { product_id: 'product_tutor', enabled: false },
      ]),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete product?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Socratic Tutor' })).toBeNull(),
    );
    expect(fake.inputsOf('products.delete')).toEqual([{ product_id: 'product_tutor' }]);
  });
});
