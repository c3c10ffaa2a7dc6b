// The agent's card (issue 32 part 1, docs/ai.md#finding-an-agent): an agent's name in the channel
// opens it; it says what the agent is, what it can see, when it answers (its mode, or paused), the
// tutor mode's promise where a model answers, and "Your instructor can read your conversations
// with AI agents" — always, even for an agent no longer in the channel.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CONTEXT_MESSAGES, BOT_NAME, type Message } from '@seminar/shared';
import { makeActivity } from '../../testing/classFixtures';
import { fakeTrpc, liveTestProviders } from '../../testing/liveTestKit';
import AgentCardDialog from './AgentCardDialog';
import { AgentCardContext } from './agentCardContext';
import { MessageList } from './MessageList';
import type { ChannelAgentInfo } from './useChannelAgents';

afterEach(cleanup);
Element.prototype.scrollBy ??= () => {};

const INSTRUCTOR_READS = 'Your instructor can read your conversations with AI agents.';

const agentInfo = (over: Partial<ChannelAgentInfo> = {}): ChannelAgentInfo => ({
  agent: BOT_NAME,
  productTitle: 'Data Analyst Bot',
  activityId: 'activity_1',
  activityTitle: 'Broad Street pump',
  mode: 'mention',
  activity: makeActivity({ title: 'Broad Street pump', product_id: 'product_bot' }),
  description: 'Computes statistics of a table you post.',
  canAnswer: true,
  ...over,
});

function openCard(agent: ChannelAgentInfo | null, llmConfigured: boolean, name = BOT_NAME) {
  const fake = fakeTrpc();
  fake.on('products.agentsStatus', () => ({ llmConfigured }));
  const kit = liveTestProviders({ trpc: fake.trpc });
  const onClose = vi.fn();
  render(
    <kit.Providers>
      <AgentCardDialog name={name} agent={agent} onClose={onClose} />
    </kit.Providers>,
  );
  const dialog = screen.getByRole('dialog', { name: `${name} · AI agent` });
  return { dialog, onClose, fake };
}

/** The text under a section's heading. */
const section = (dialog: HTMLElement, title: string) =>
  within(dialog).getByRole('heading', { name: title }).parentElement!.textContent;

describe('the agent card', () => {
  it('says what DataAnalystBot is, that without a model it sees only the message, and that the instructor reads', async () => {
    const { dialog, fake } = openCard(agentInfo(), false);
    await waitFor(() => expect(fake.inputsOf('products.agentsStatus')).toHaveLength(1));
    expect(section(dialog, 'What it is')).toBe(
      'What it isAn AI agent of Data Analyst Bot, in the activity “Broad Street pump”. It is not a person.' +
        'Computes statistics of a table you post.',
    );
    expect(section(dialog, 'What it can see')).toContain(
      'Only the message that mentions it, with a table in it or a table file attached.',
    );
    expect(section(dialog, 'When it answers')).toBe('When it answersAnswers when @mentioned');
    expect(within(dialog).getByText(INSTRUCTOR_READS)).toBeDefined();
  });

  it('says an agent with a model sees the channel’s last messages, and gives its tutor mode’s promise', async () => {
    const activity = makeActivity({
      title: 'Fair prices',
      ai_tutor: { mode: 'socratic', version: 1, custom: null },
    });
    const { dialog } = openCard(
      agentInfo({
        agent: 'SocraticTutor',
        productTitle: 'Socratic Tutor',
        activityTitle: 'Fair prices',
        activity,
        description: '',
      }),
      true,
      'SocraticTutor',
    );
    await within(dialog).findByText(
      "Socratic tutor: This tutor won't give final answers: it asks questions that help you find them.",
    );
    expect(section(dialog, 'What it can see')).toBe(
      `What it can seeThis channel's last ${AGENT_CONTEXT_MESSAGES} messages up to the question, and the AI product's description. Nothing from other channels or classes.`,
    );
    // No description: the card does not print an empty paragraph.
    expect(section(dialog, 'What it is')).toBe(
      'What it isAn AI agent of Socratic Tutor, in the activity “Fair prices”. It is not a person.',
    );
    expect(within(dialog).getByText(INSTRUCTOR_READS)).toBeDefined();
  });

  it('gives no promise where no model answers (the mode shapes model answers only)', async () => {
    const activity = makeActivity({ ai_tutor: { mode: 'socratic', version: 1, custom: null } });
    const { dialog, fake } = openCard(agentInfo({ activity }), false);
    await waitFor(() => expect(fake.inputsOf('products.agentsStatus')).toHaveLength(1));
    expect(within(dialog).queryByText(/This tutor/)).toBeNull();
  });

  it('says when the instructor paused it, and when it cannot answer on this server', async () => {
    const paused = openCard(agentInfo({ mode: 'paused' }), true);
    expect(section(paused.dialog, 'When it answers')).toBe(
      'When it answersPaused by the instructor: it does not answer now.',
    );
    cleanup();
    const silent = openCard(
      agentInfo({ agent: 'SocraticTutor', productTitle: 'Socratic Tutor', canAnswer: false }),
      false,
      'SocraticTutor',
    );
    expect(section(silent.dialog, 'When it answers')).toBe(
      'When it answersIt cannot answer on this server (no language model is configured).',
    );
  });

  it('says an agent that left the channel no longer takes part, and still that the instructor reads', () => {
    const { dialog, onClose } = openCard(null, true);
    expect(
      within(dialog).getByText('This agent no longer takes part in this channel.'),
    ).toBeDefined();
    expect(within(dialog).queryByRole('heading', { name: 'What it can see' })).toBeNull();
    expect(within(dialog).getByText(INSTRUCTOR_READS)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('an agent’s name in the channel', () => {
  const reply: Message = {
    id: 'ai_job_m1_DataAnalystBot',
    class_id: 'class_1',
    channel_id: 'channel_1',
    seq: 2,
    author_uid: `agent:${BOT_NAME}`,
    author_name: BOT_NAME,
    body: 'Mean of score: 3',
    created_at: Date.UTC(2026, 10, 23, 9, 0),
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: [],
    version: 1,
    ai: { agent: BOT_NAME, product_title: 'Data Analyst Bot', status: 'done' },
  };
  const list = (opener: ((agent: string) => void) | null) => (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 40 }}>
      <AgentCardContext.Provider value={opener}>
        <MessageList
          items={[{ message: reply, status: { kind: 'sent' } }]}
          viewerUid="u_ada"
          canModerate={false}
          hasOlder={false}
          loadingOlder={false}
          onLoadOlder={() => {}}
          onEdit={() => {}}
          onDelete={() => {}}
          onReact={() => {}}
        />
      </AgentCardContext.Provider>
    </VirtuosoMockContext.Provider>
  );

  it('is a button that opens its card, saying it opens a dialog', async () => {
    const open = vi.fn();
    render(list(open));
    const name = await screen.findByRole('button', { name: `${BOT_NAME}, AI agent: about it` });
    expect(name.getAttribute('aria-haspopup')).toBe('dialog');
    expect(name.textContent).toBe(BOT_NAME);
    fireEvent.click(name);
    expect(open).toHaveBeenCalledWith(BOT_NAME);
  });

  it('is plain text where nothing opens cards (a channel without agents)', async () => {
    render(list(null));
    await screen.findByRole('region', { name: new RegExp(`^${BOT_NAME} \\(AI agent\\)`) });
    expect(screen.queryByRole('button', { name: /about it/ })).toBeNull();
    expect(screen.getByText(BOT_NAME)).toBeDefined();
  });
});
