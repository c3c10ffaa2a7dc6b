import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPhase, hiddenPostsLine, type Activity, type Phase } from '@seminar/shared';
import { makeActivity } from '../../testing/classFixtures';
import { fakeTrpc, liveTestProviders } from '../../testing/liveTestKit';
import { PhaseBar } from './PhaseBar';
import type { CasePhaseView } from './useCasePhase';

// The clock offset to the server: none here (serverTime.test.ts measures it).
vi.mock('../../live/serverTime', () => ({ useServerOffset: () => 0 }));

afterEach(cleanup);

const phases: Phase[] = [
  {
    id: 'a',
    kind: 'individual_post_first',
    title: 'Think alone',
    timer_seconds: 65,
    at_zero: 'end',
  },
  { id: 'b', kind: 'closed', title: 'Wrap up', timer_seconds: null, at_zero: 'end' },
];

function view(activity: Activity, staff: boolean, posted = false): CasePhaseView {
  const phase = currentPhase(activity);
  const inForce = phase ? { kind: phase.kind, startSeq: activity.phase_start_seq } : null;
  return {
    activity,
    phase,
    readOnly: null,
    hiddenLine: hiddenPostsLine(inForce, { uid: 'me', staff, posted }),
  };
}

function renderBar(activity: Activity, staff: boolean, posted = false) {
  const fake = fakeTrpc();
  const { Providers } = liveTestProviders({ trpc: fake.trpc });
  render(
    <Providers>
      <PhaseBar view={view(activity, staff, posted)} staff={staff} />
    </Providers>,
  );
  return fake;
}

const running = makeActivity({
  channel_id: 'case',
  phases,
  phase_state: 'running',
  phase_index: 0,
  phase_started_at: Date.now(),
  phase_deadline: Date.now() + 65_000,
});

describe('<PhaseBar>', () => {
  it('shows a student the phase, its countdown and why classmates’ posts are hidden; no controls', () => {
    renderBar(running, false);
    const bar = screen.getByRole('region', { name: 'Phase' });
    within(bar).getByText('Phase 1 of 2: Think alone · Individual, post first');
    expect(within(bar).getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^1:0[45]$/);
    within(bar).getByRole('status');
    expect(within(bar).getByRole('status').textContent).toMatch(/appear once you have posted/);
    expect(within(bar).queryAllByRole('button')).toHaveLength(0);
  });

  it('drops the hidden line once the student has posted, and shows nothing outside a phase', () => {
    renderBar(running, false, true);
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderBar(makeActivity({ channel_id: 'case', phases }), false);
    expect(screen.queryByRole('region', { name: 'Phase' })).toBeNull();
  });

  it('lets staff start, move on and end, naming the phase they see', async () => {
    const fake = renderBar(makeActivity({ channel_id: 'case', phases }), true);
    fake.on('activities.advancePhase', () => makeActivity());
    screen.getByText('2 phases, not started');
    fireEvent.click(screen.getByRole('button', { name: 'Start phases' }));
    await waitFor(() =>
      expect(fake.inputsOf('activities.advancePhase')).toEqual([
        { class_id: 'class_1', activity_id: 'activity_1', action: 'start', from_phase_id: null },
      ]),
    );
    cleanup();
    const again = renderBar(running, true);
    again.on('activities.advancePhase', () => {
      throw new Error('The phase has already moved on. Look at the current phase and try again.');
    });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next phase' }));
    await screen.findByText(/already moved on/);
    expect(again.inputsOf('activities.advancePhase')).toEqual([
      { class_id: 'class_1', activity_id: 'activity_1', action: 'next', from_phase_id: 'a' },
    ]);
    screen.getByRole('button', { name: 'End phases' });
  });

  it('tells everyone when time is up and the instructor was asked', () => {
    renderBar({ ...running, phase_state: 'overtime', phase_deadline: null }, true);
    screen.getByText('Time is up. Move on when you are ready.');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
