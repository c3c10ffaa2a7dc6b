import { describe, expect, it } from 'vitest';
import {
  advancePhase,
  canSeeCasePost,
  casePostRefusal,
  currentPhase,
  formatCountdown,
  hiddenPostsLine,
  phaseLens,
  phaseSecondsLeft,
  type PhaseInForce,
  type PhaseKind,
} from './phases';
import { activityPhaseAdvanceInputSchema, activityPhasesInputSchema } from './schemas/phase';

const at = (kind: PhaseKind): PhaseInForce => ({ kind, startSeq: 10 });

describe('canSeeCasePost: role × phase × has posted × author', () => {
  type Who = 'staff' | 'student';
  type Author = 'staff' | 'self' | 'classmate' | 'classmate-before-phase';
  const post = (author: Author) => ({
    author_uid: author === 'self' ? 'me' : 'other',
    author_staff: author === 'staff',
    seq: author === 'classmate-before-phase' ? 10 : 11,
  });
  const rows: Array<[Who, PhaseKind | null, boolean, Author, boolean]> = [];
  for (const who of ['staff', 'student'] as const)
    for (const kind of [null, 'individual_post_first', 'groups', 'plenary', 'closed'] as const)
      for (const posted of [false, true])
        for (const author of ['staff', 'self', 'classmate', 'classmate-before-phase'] as const) {
          const hidden =
            who === 'student' &&
            kind === 'individual_post_first' &&
            !posted &&
            author === 'classmate';
          rows.push([who, kind, posted, author, !hidden]);
        }
  it.each(rows)('%s in %s (posted %s), post by %s → %s', (who, kind, posted, author, seen) => {
    const viewer = { uid: 'me', staff: who === 'staff', posted };
    expect(canSeeCasePost(kind ? at(kind) : null, viewer, post(author))).toBe(seen);
  });

  it('a post exactly at the phase start belongs to the phase before', () => {
    const viewer = { uid: 'me', staff: false, posted: false };
    const phase = at('individual_post_first');
    expect(canSeeCasePost(phase, viewer, { author_uid: 'x', author_staff: false, seq: 10 })).toBe(
      true,
    );
    expect(canSeeCasePost(phase, viewer, { author_uid: 'x', author_staff: false, seq: 11 })).toBe(
      false,
    );
  });
});

describe('casePostRefusal: who may post', () => {
  it.each<[PhaseKind | null, boolean, boolean]>([
    [null, false, true],
    ['individual_post_first', false, true],
    ['plenary', false, true],
    ['groups', false, false],
    ['closed', false, false],
    ['groups', true, true],
    ['closed', true, true],
  ])('%s, staff %s → may post %s', (kind, staff, may) => {
    const refusal = casePostRefusal(kind ? { kind } : null, { staff });
    expect(refusal === null).toBe(may);
    if (!may) expect(refusal).toMatch(/read-only/);
  });
});

describe('lens and hidden line', () => {
  it.each<[PhaseKind | null, boolean, boolean, 'all' | 'hidden']>([
    ['individual_post_first', false, false, 'hidden'],
    ['individual_post_first', false, true, 'all'],
    ['individual_post_first', true, false, 'all'],
    ['plenary', false, false, 'all'],
    [null, false, false, 'all'],
  ])('%s staff %s posted %s → %s', (kind, staff, posted, lens) => {
    const viewer = { uid: 'me', staff, posted };
    const phase = kind ? at(kind) : null;
    expect(phaseLens(phase, viewer)).toBe(lens);
    expect(hiddenPostsLine(phase, viewer) !== null).toBe(lens === 'hidden');
  });
});

describe('advancePhase', () => {
  const idle = { phase_state: 'idle' as const, phase_index: null };
  const first = { phase_state: 'running' as const, phase_index: 0 };
  const last = { phase_state: 'overtime' as const, phase_index: 2 };
  it.each([
    ['start from idle', idle, 3, 'start', first],
    ['start without phases', idle, 0, 'start', { error: 'This activity has no phases yet.' }],
    ['start twice', first, 3, 'start', { error: 'The phases have already started.' }],
    ['next', first, 3, 'next', { phase_state: 'running', phase_index: 1 }],
    ['next after the last', last, 3, 'next', { phase_state: 'done', phase_index: null }],
    ['end', first, 3, 'end', { phase_state: 'done', phase_index: null }],
    ['next when idle', idle, 3, 'next', { error: 'No phase is running.' }],
    [
      'start again when done',
      { phase_state: 'done' as const, phase_index: null },
      3,
      'start',
      first,
    ],
  ] as const)('%s', (_label, from, count, action, expected) => {
    expect(advancePhase(from, count, action)).toEqual(expected);
  });
});

describe('currentPhase, countdown', () => {
  const phases = [
    { id: 'a', kind: 'plenary' as const, title: 'A', timer_seconds: null, at_zero: 'end' as const },
  ];
  const base = {
    phases,
    phase_index: 0,
    phase_started_at: 0,
    phase_deadline: null,
    phase_start_seq: 0,
  };
  it('is the indexed phase while running or overtime only', () => {
    expect(currentPhase({ ...base, phase_state: 'running' })?.id).toBe('a');
    expect(currentPhase({ ...base, phase_state: 'overtime' })?.id).toBe('a');
    expect(currentPhase({ ...base, phase_state: 'done' })).toBeNull();
    expect(currentPhase({ ...base, phase_state: 'idle' })).toBeNull();
  });
  it.each([
    [null, 0, null],
    [10_000, 0, 10],
    [10_000, 9_001, 1],
    [10_000, 10_000, 0],
    [10_000, 20_000, 0],
  ])('deadline %s at %s → %s s', (deadline, now, left) => {
    expect(phaseSecondsLeft(deadline, now)).toBe(left);
  });
  it.each([
    [0, '0:00'],
    [65, '1:05'],
    [3723, '1:02:03'],
  ])('%s s → %s', (s, words) => expect(formatCountdown(s)).toBe(words));
});

describe('phase inputs', () => {
  const ref = { class_id: 'c1', activity_id: 'a1' };
  const phase = { id: 'p1', kind: 'plenary', title: 'Talk' };
  it('accepts a list and fills defaults', () => {
    expect(activityPhasesInputSchema.parse({ ...ref, phases: [phase] }).phases[0]).toEqual({
      ...phase,
      timer_seconds: null,
      at_zero: 'end',
    });
  });
  it.each([
    ['an unknown kind', { ...phase, kind: 'debate' }],
    ['a blank title', { ...phase, title: '  ' }],
    ['a too-short timer', { ...phase, timer_seconds: 1 }],
    ['a bad id', { ...phase, id: 'a/b' }],
  ])('refuses %s', (_label, bad) => {
    expect(activityPhasesInputSchema.safeParse({ ...ref, phases: [bad] }).success).toBe(false);
  });
  it('refuses duplicate ids and too many phases', () => {
    expect(activityPhasesInputSchema.safeParse({ ...ref, phases: [phase, phase] }).success).toBe(
      false,
    );
    const many = Array.from({ length: 13 }, (_, i) => ({ ...phase, id: `p${i}` }));
    expect(activityPhasesInputSchema.safeParse({ ...ref, phases: many }).success).toBe(false);
  });
  it('refuses an unknown action', () => {
    expect(activityPhaseAdvanceInputSchema.safeParse({ ...ref, action: 'skip' }).success).toBe(
      false,
    );
  });
});
