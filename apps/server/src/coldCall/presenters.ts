// Docs: docs/polls.md#cold-call — a spotlight as clients receive it.
import type { SpotlightView } from '@seminar/shared';
import type { spotlights } from '../db/schema';
import { shownName } from '../polls/presenters';

/** A spotlight row with the picked student's account name. */
export type LoadedSpotlight = typeof spotlights.$inferSelect & { name: string };

/** The wire shape: who is asked (named by `shownName`, the one place that decides it). */
export function presentSpotlight(row: LoadedSpotlight): SpotlightView {
  return {
    id: row.channel_id,
    class_id: row.class_id,
    channel_id: row.channel_id,
    uid: row.uid,
    name: shownName(row.name),
    how: row.how === 'random' ? 'random' : 'chosen',
    picked_by: row.updated_by_name ?? '',
    picked_at: row.created_at.toISOString(),
    version: row.version,
  };
}
