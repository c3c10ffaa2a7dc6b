// Docs: docs/channels.md#reactions — the zod schemas of reactions (rules: ../reactions.ts).
import { z } from 'zod';
import { isReactionEmoji } from '../reactions';
import { textProblem } from '../text';
import { uidSchema } from './common';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

/** zod schema of a reaction's emoji. */
export const reactionEmojiSchema = textSchema().refine(
  (value) => textProblem(value) !== null || isReactionEmoji(value),
  { error: 'A reaction is one emoji' },
);

/** One emoji on a message and who put it there, in the order they did. */
export const reactionSchema = z.object({
  emoji: reactionEmojiSchema,
  uids: z.array(uidSchema),
});

/** One emoji on a message and who reacted with it. */
export type Reaction = z.infer<typeof reactionSchema>;

/** What the client sends to add (`on: true`) or remove its reaction: idempotent, unlike a toggle. */
export const messageReactInputSchema = z.object({
  id: documentIdSchema,
  emoji: reactionEmojiSchema,
  on: z.boolean(),
});

/** A parsed reaction change. */
export type MessageReactInput = z.infer<typeof messageReactInputSchema>;
