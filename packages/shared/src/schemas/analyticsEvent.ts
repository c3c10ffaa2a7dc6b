// Docs: SPEC §7 (event payload and context fields), DESIGN §2 "Analytics" (POST /api/events, batched).
// Limits are generous for real browsers but keep one event small on the server.
import { z } from 'zod';
import { textSchema } from './text';
import { ANALYTICS_BATCH_MAX_EVENTS, ANALYTICS_EVENT_NAMES } from '../constants';
import { documentIdSchema } from './documentId';
import { roleSchema } from './role';
import { timestampSchema, uidSchema } from './common';

/** An analytics event name: SPEC §7's two class events plus sign_in, class_created, message_sent. */
export const analyticsEventNameSchema = z.enum(ANALYTICS_EVENT_NAMES);

/**
 * The payload of both class events: uid, class_id, class_name and role. class_name and role are
 * null when unknown (a class that is no longer available has neither).
 */
export const classEventPayloadSchema = z.object({
  uid: uidSchema,
  class_id: documentIdSchema,
  class_name: textSchema().max(1000).nullable(),
  role: roleSchema.nullable(),
});

/** A class event's payload. */
export type ClassEventPayload = z.infer<typeof classEventPayloadSchema>;

/**
 * Any event's payload: the uid (the server stores the session's, whatever this says) and, by event,
 * class_id, class_name, role and channel_id. Unknown keys are refused, so the payload stays small
 * and known.
 */
export const eventPayloadSchema = z.strictObject({
  uid: uidSchema,
  class_id: documentIdSchema.optional(),
  class_name: textSchema().max(1000).nullable().optional(),
  role: roleSchema.nullable().optional(),
  channel_id: documentIdSchema.optional(),
});

/** An event payload. */
export type EventPayload = z.infer<typeof eventPayloadSchema>;

/** Events whose payload must name a class. */
const CLASS_EVENTS: ReadonlySet<string> = new Set([
  'selected_class_not_available',
  'class_selected',
  'class_created',
  'message_sent',
]);

const text = (max: number) => textSchema().max(max);

/**
 * One analytics event with its context (SPEC §7). timestamp is epoch ms on the client's clock;
 * device_memory and hardware_concurrency are null where the browser hides them.
 */
export const analyticsEventSchema = z
  .object({
    event: analyticsEventNameSchema,
    payload: eventPayloadSchema,
    event_variant: text(50).min(1),
    database_name: text(200),
    version: text(50).min(1),
    timestamp: timestampSchema,
    user_agent: text(1000),
    timezone: text(100),
    languages: z.array(text(50)).max(50),
    device_memory: z.number().nonnegative().nullable().default(null),
    hardware_concurrency: z.int().nonnegative().nullable().default(null),
    screen_width: z.int().nonnegative(),
    screen_height: z.int().nonnegative(),
    pixel_ratio: z.number().positive(),
  })
  .refine((event) => !CLASS_EVENTS.has(event.event) || event.payload.class_id !== undefined, {
    error: 'This event needs payload.class_id',
    path: ['payload', 'class_id'],
  });

/** An analytics event (SPEC §7). */
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** A batch for POST /api/events: 1 to ANALYTICS_BATCH_MAX_EVENTS events. */
export const analyticsBatchSchema = z
  .array(analyticsEventSchema)
  .min(1)
  .max(ANALYTICS_BATCH_MAX_EVENTS, { error: `At most ${ANALYTICS_BATCH_MAX_EVENTS} events` });
