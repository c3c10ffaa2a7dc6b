// Docs: docs/phases.md — an activity's phases (individual post-first, groups, plenary, closed) and
// who may see and post what in its case channel during each. Pure and zod-free: the server applies
// these rules on every path (history, live deliveries, search, reactions, downloads, sends) and the
// web uses the same ones to explain what it shows.

/** The kinds of phase, in the order the editor offers them. */
export const PHASE_KINDS = ['individual_post_first', 'groups', 'plenary', 'closed'] as const;
export type PhaseKind = (typeof PHASE_KINDS)[number];

/** Plain words for each kind (menus, the phase bar). */
export const PHASE_KIND_LABELS: Record<PhaseKind, string> = {
  individual_post_first: 'Individual, post first',
  groups: 'Groups',
  plenary: 'Plenary',
  closed: 'Closed',
};

/** What happens when a phase's timer reaches zero. */
export type PhaseAtZero = 'end' | 'ask';

/** An activity has at most this many phases. */
export const PHASE_MAX_COUNT = 12;
/** A phase title is at most this long. */
export const PHASE_TITLE_MAX_LENGTH = 80;
/** A timer lasts between these (seconds). */
export const PHASE_TIMER_MIN_SECONDS = 5;
export const PHASE_TIMER_MAX_SECONDS = 4 * 60 * 60;

/** One phase of an activity, as the instructor set it. */
export interface Phase {
  /** Stable within the activity (client-made), so "next from phase X" can be checked. */
  id: string;
  kind: PhaseKind;
  title: string;
  /** The timer's length; null: no timer. */
  timer_seconds: number | null;
  /** At zero: end the phase by itself (`end`) or ask the instructor (`ask`). */
  at_zero: PhaseAtZero;
}

/**
 * Where an activity is in its phases: `idle` (not started), `running` (phase_index is current),
 * `overtime` (its timer reached zero and the instructor is asked), `done` (ended).
 */
export type PhaseState = 'idle' | 'running' | 'overtime' | 'done';

/** The phase fields of an activity as clients receive them. */
export interface ActivityPhases {
  phases: Phase[];
  phase_state: PhaseState;
  phase_index: number | null;
  /** Epoch ms the current phase started, and its timer's end (null: no timer). */
  phase_started_at: number | null;
  phase_deadline: number | null;
  /** The case channel's last seq when the phase started: posts after it belong to the phase. */
  phase_start_seq: number;
}

/** The phase in force (running or overtime), or null when none is. */
export function currentPhase(activity: ActivityPhases): Phase | null {
  if (activity.phase_state !== 'running' && activity.phase_state !== 'overtime') return null;
  return activity.phase_index === null ? null : (activity.phases[activity.phase_index] ?? null);
}

/** The rule-relevant part of the phase in force in a case channel (null: none, everything normal). */
export interface PhaseInForce {
  kind: PhaseKind;
  /** Posts with a higher seq were posted during this phase. */
  startSeq: number;
}

/** The viewer the rules are judged for. */
export interface PhaseViewer {
  uid: string;
  /** Instructors and class admins of the class. */
  staff: boolean;
  /** Has posted in the case channel during the phase in force. */
  posted: boolean;
}

/** The post the rules are judged on. */
export interface PhasePost {
  author_uid: string;
  /** Written by an instructor, a class admin or an agent (agents' answers are visible to all). */
  author_staff: boolean;
  seq: number;
}

/** Does the phase hide classmates' posts from this viewer until they post? */
export function postsHiddenFrom(phase: PhaseInForce | null, viewer: PhaseViewer): boolean {
  return (
    phase !== null && phase.kind === 'individual_post_first' && !viewer.staff && !viewer.posted
  );
}

/**
 * May the viewer see this post of the case channel? Staff see everything; outside a post-first
 * phase everyone sees everything; in one, a student who has not posted yet in it sees staff and
 * agent posts, their own, and what was posted before the phase — not classmates' posts of the phase.
 */
export function canSeeCasePost(
  phase: PhaseInForce | null,
  viewer: PhaseViewer,
  post: PhasePost,
): boolean {
  if (!postsHiddenFrom(phase, viewer)) return true;
  return post.author_staff || post.author_uid === viewer.uid || post.seq <= (phase?.startSeq ?? 0);
}

/** Why a student may not post in the case channel now, or null when they may. */
export function casePostRefusal(
  phase: Pick<PhaseInForce, 'kind'> | null,
  viewer: Pick<PhaseViewer, 'staff'>,
): string | null {
  if (viewer.staff || phase === null) return null;
  if (phase.kind === 'groups')
    return 'This is the group phase: talk in your team channel. The case channel is read-only for now.';
  if (phase.kind === 'closed')
    return 'This phase is closed: the case channel is read-only for now.';
  return null;
}

/** The line a student sees while classmates' posts are hidden from them (null: nothing hidden). */
export function hiddenPostsLine(phase: PhaseInForce | null, viewer: PhaseViewer): string | null {
  return postsHiddenFrom(phase, viewer)
    ? "Post first: your classmates' posts in this phase appear once you have posted your own."
    : null;
}

/** The lens a viewer reads the case channel through: all viewers with the same lens see the same rows. */
export type PhaseLens = 'all' | 'hidden';

/** The viewer's lens in the phase (staff and students who have posted see all). */
export function phaseLens(phase: PhaseInForce | null, viewer: PhaseViewer): PhaseLens {
  return postsHiddenFrom(phase, viewer) ? 'hidden' : 'all';
}

/** Seconds left on a timer at `now` (server time), never negative; null when there is no timer. */
export function phaseSecondsLeft(deadline: number | null, now: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "4:05", "1:02:03": a countdown's words. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** What an advance does from a state, or why it cannot (a typed refusal's words). */
export type PhaseAdvance = 'start' | 'next' | 'end';

export interface PhaseStep {
  phase_state: PhaseState;
  phase_index: number | null;
}

/**
 * The state after `action` from `from`, or an error's words: `start` from idle (or done: run again)
 * begins the first phase; `next` moves on (after the last phase: done); `end` finishes.
 */
export function advancePhase(
  from: PhaseStep,
  phaseCount: number,
  action: PhaseAdvance,
): PhaseStep | { error: string } {
  const running = from.phase_state === 'running' || from.phase_state === 'overtime';
  if (phaseCount === 0) return { error: 'This activity has no phases yet.' };
  if (action === 'start') {
    if (running) return { error: 'The phases have already started.' };
    return { phase_state: 'running', phase_index: 0 };
  }
  if (!running || from.phase_index === null) return { error: 'No phase is running.' };
  if (action === 'end' || from.phase_index + 1 >= phaseCount)
    return { phase_state: 'done', phase_index: null };
  return { phase_state: 'running', phase_index: from.phase_index + 1 };
}

/** The phase fields of an activity that has none (a new activity). */
export const NO_PHASES: ActivityPhases = {
  phases: [],
  phase_state: 'idle',
  phase_index: null,
  phase_started_at: null,
  phase_deadline: null,
  phase_start_seq: 0,
};
