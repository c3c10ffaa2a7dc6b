// Docs: docs/realtime.md#adding-a-topic — inputs several topics share.
import { z } from 'zod';

/** A live query that takes no input (the client passes nothing): the topic sees `{}`. */
export const noInputSchema = z
  .strictObject({})
  .optional()
  .transform((): Record<string, never> => ({}));

/** What a client passes to a live query without input. */
export type NoInput = Record<string, never> | undefined;
