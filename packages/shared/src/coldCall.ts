// Docs: docs/polls.md#cold-call — the pure rules of cold-call: the weighted "Pick someone" and the
// banner's words. The server picks (it knows who is online); the web shows the banner.

/** A student who could be picked, with how many posts they have in the activity (or channel). */
export interface PickCandidate {
  uid: string;
  posts: number;
}

/**
 * A candidate's weight: 1 / (1 + posts), so a student who has not spoken yet is twice as likely to
 * be picked as one with one post, and ten times as likely as one with nine.
 */
export function pickWeight(posts: number): number {
  return 1 / (1 + Math.max(0, Math.floor(posts)));
}

/**
 * Picks one candidate at random, weighted toward those with fewer posts ({@link pickWeight}).
 * `random` returns a number in [0, 1) (Math.random, or a fixed sequence in tests); the candidates
 * are taken in uid order so the same random number always picks the same person. null when there
 * is nobody to pick.
 */
export function weightedPick(
  candidates: readonly PickCandidate[],
  random: () => number,
): string | null {
  if (candidates.length === 0) return null;
  const ordered = [...candidates].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const weights = ordered.map((candidate) => pickWeight(candidate.posts));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = Math.min(Math.max(random(), 0), 1 - Number.EPSILON) * total;
  for (let index = 0; index < ordered.length; index += 1) {
    point -= weights[index] ?? 0;
    if (point < 0) return ordered[index]?.uid ?? null;
  }
  return ordered[ordered.length - 1]?.uid ?? null;
}

/** The banner everyone in the channel sees. */
export function spotlightText(name: string): string {
  return `${name}, your turn`;
}

/** May someone with `role` spotlight and clear? Instructors and class admins (the class's staff). */
export function canColdCall(role: 'student' | 'admin' | 'instructor' | null | undefined): boolean {
  return role === 'instructor' || role === 'admin';
}
