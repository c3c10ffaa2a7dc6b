// Docs: docs/polls.md — the zod schemas of poll and cold-call inputs, and their wire shapes (rules:
// ../polls.ts, ../coldCall.ts).
import { z } from 'zod';
import {
  POLL_MAX_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
  POLL_RESULTS,
  pollOptionsProblem,
  type PollResults,
} from '../polls';
import { uidSchema } from './common';
import { documentIdSchema } from './documentId';
import { recordIdSchema } from './recordId';
import { textSchema } from './text';

const channelRef = { class_id: documentIdSchema, channel_id: documentIdSchema };

/**
 * A new poll: its id is the id of the message that carries it (client-made, so a retry finds the
 * poll it made); 2–10 distinct options, each trimmed and at most POLL_OPTION_MAX_LENGTH.
 */
export const pollCreateInputSchema = z.object({
  id: recordIdSchema,
  ...channelRef,
  question: textSchema({ error: 'Write the question' })
    .trim()
    .min(1, { error: 'Write the question' })
    .max(POLL_QUESTION_MAX_LENGTH, {
      error: `A question can be at most ${POLL_QUESTION_MAX_LENGTH} characters`,
    }),
  options: z
    .array(textSchema().max(POLL_OPTION_MAX_LENGTH + 100), { error: 'Give the options' })
    .max(POLL_MAX_OPTIONS + 1, { error: `A poll can have at most ${POLL_MAX_OPTIONS} options` })
    .superRefine((options, ctx) => {
      const problem = pollOptionsProblem(options);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((options) => options.map((option) => option.trim())),
  multiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  results: z.enum(POLL_RESULTS).default('live'),
});
export type PollCreateInput = z.infer<typeof pollCreateInputSchema>;
export type PollCreateWire = z.input<typeof pollCreateInputSchema>;

/** A vote, or a changed vote: the chosen option ids (one in a single-choice poll). */
export const pollVoteInputSchema = z.object({
  id: documentIdSchema,
  option_ids: z.array(textSchema().max(8)).max(POLL_MAX_OPTIONS),
});
export type PollVoteInput = z.infer<typeof pollVoteInputSchema>;

/** Closing a poll. */
export const pollCloseInputSchema = z.object({ id: documentIdSchema });

/** The live polls of a channel. */
export const pollsLiveInputSchema = z.object(channelRef);

/**
 * A poll as one viewer receives it (built per viewer by `pollSight`): `count` and `voters` are null
 * when that viewer may not see them; `voters` is never anything but null for an anonymous poll.
 */
export interface PollView {
  /** The poll's id, which is also the id of the message that carries it. */
  id: string;
  class_id: string;
  channel_id: string;
  question: string;
  multiple: boolean;
  anonymous: boolean;
  results: PollResults;
  closed: boolean;
  closed_at: string | null;
  created_by: string;
  created_by_name: string;
  created_at: string;
  /** The options, each with its count when the viewer may see counts (else null). */
  options: Array<{ id: string; text: string; count: number | null }>;
  /** How many people voted, when the viewer may see counts (else null). */
  voter_count: number | null;
  /** The viewer's own choice (empty: not voted). */
  my_choice: string[];
  /** Who chose what: staff, named polls only (else null). */
  voters: Array<{ uid: string; name: string; option_ids: string[] }> | null;
  version: number;
}

/** Spotlighting a student: by uid, or (no uid) "Pick someone" among the students online. */
export const spotlightInputSchema = z.object({ ...channelRef, uid: uidSchema.optional() });
export type SpotlightInput = z.infer<typeof spotlightInputSchema>;

/** Clearing a channel's spotlight. */
export const spotlightClearInputSchema = z.object(channelRef);

/** The class whose spotlights of the viewer are wanted (their notifications). */
export const mySpotlightsInputSchema = z.object({ class_id: documentIdSchema });

/** A channel's cold-call spotlight: who is asked to speak. */
export interface SpotlightView {
  /** The channel's id (a channel has at most one spotlight). */
  id: string;
  class_id: string;
  channel_id: string;
  /** The student picked, and the name shown (the one place that decides it: the presenter). */
  uid: string;
  name: string;
  /** Whether they were chosen by name or picked at random. */
  how: 'chosen' | 'random';
  picked_by: string;
  picked_at: string;
  version: number;
}
