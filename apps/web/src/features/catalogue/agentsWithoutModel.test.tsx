// A product whose agents cannot answer on this server (an LLM agent, no model configured) says so
// in the catalogue and in the cost confirmation, before the instructor pays for it
// (docs/ai.md#llm-agents, issue 32).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeProduct } from '../../testing/catalogueFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';
import { CostConfirmation } from '../activities/ActivityCost';

const bot = makeProduct();
const tutor = makeProduct({
  product_id: 'product_tutor',
  seq: 20,
  title: 'Socratic Tutor',
  name: 'SocraticTutor',
  ai_agent_refs: ['SocraticTutor'],
  price_per_user: 3,
});
const NOTE =
  'SocraticTutor cannot answer on this server: no language model is configured here, so it stays silent.';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openCatalogue(llmConfigured: boolean) {
  fakeAuthServer(sessionFor({ id: 'u1' }));
  const fake = fakeTrpc();
  fake.on('me', () => ({ uid: 'u1', email: 'ada@example.edu', isSiteAdmin: false }));
  fake.on('products.agentsStatus', () => ({ llmConfigured }));
  renderApp('/catalogue', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake.subscription('classes.mine').send({ type: 'snapshot', rows: [], replace: true });
  await waitFor(() => expect(fake.subscription('products.live')).toBeDefined());
  await fake
    .subscription('products.live')
    .send({ type: 'snapshot', rows: [bot, tutor], replace: true });
  return fake;
}

describe('agents that cannot answer on this server', () => {
  it('are named on their product’s catalogue card when no model is configured', async () => {
    await openCatalogue(false);
    const card = await screen.findByRole('article', { name: 'Socratic Tutor' });
    expect(await within(card).findByText(NOTE)).toBeDefined();
    const botCard = screen.getByRole('article', { name: 'Data Analyst Bot' });
    expect(within(botCard).queryByText(/cannot answer on this server/)).toBeNull();
  });

  it('are not mentioned where a model is configured', async () => {
    const fake = await openCatalogue(true);
    const card = await screen.findByRole('article', { name: 'Socratic Tutor' });
    await waitFor(() => expect(fake.inputsOf('products.agentsStatus')).toHaveLength(1));
    expect(within(card).queryByText(/cannot answer on this server/)).toBeNull();
  });

  it('are named in the cost confirmation, beside the cost', () => {
    const props = {
      product: tutor,
      productId: tutor.product_id,
      activityTitle: 'Fair prices',
      className: 'Ethics 101',
      students: { count: 2, error: null },
    };
    const { unmount } = render(<CostConfirmation {...props} llmConfigured={false} />);
    expect(screen.getByRole('alert').textContent).toBe(NOTE);
    expect(screen.getByRole('status').textContent).toContain('Cost for Ethics 101');
    unmount();
    render(<CostConfirmation {...props} llmConfigured />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
