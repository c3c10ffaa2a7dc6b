// Docs: docs/polls.md#cold-call — a spotlight as clients receive it.
import {
  pseudonymKey,
  pseudonymLabel,
  SOMEONE_KEY,
  SOMEONE_NAME,
  type SpotlightView,
} from '@seminar/shared';
import type { spotlights } from '../db/schema';
import { shownName } from '../polls/presenters';

/** A spotlight row with the picked student's account name (and pseudonym, when anonymous). */
export type LoadedSpotlight = typeof spotlights.$inferSelect & {
  name: string;
  anonymous_activity_id: string | null;
  pseudonym: number | null;
};

/**
 * The wire shape: who is asked (named by `shownName`, the one place that decides it). In an
 * anonymous activity's case channel a classmate (not staff, not the student asked) gets the
 * pseudonym and its key instead (docs/activities.md#anonymity).
 */
export function presentSpotlight(
  row: LoadedSpotlight,
  viewer: { uid: string; staff: boolean } | null = null,
): SpotlightView {
  const masked =
    row.anonymous_activity_id !== null &&
    viewer !== null &&
    !viewer.staff &&
    viewer.uid !== row.uid;
  const number = row.pseudonym;
  return {
    id: row.channel_id,
    class_id: row.class_id,
    channel_id: row.channel_id,
    uid: !masked
      ? row.uid
      : number === null
        ? SOMEONE_KEY
        : pseudonymKey(row.anonymous_activity_id ?? '', number),
    name: !masked ? shownName(row.name) : number === null ? SOMEONE_NAME : pseudonymLabel(number),
    how: row.how === 'random' ? 'random' : 'chosen',
    picked_by: row.updated_by_name ?? '',
    picked_at: row.created_at.toISOString(),
    version: row.version,
  };
}
