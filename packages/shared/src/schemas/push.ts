// Docs: docs/channels.md#web-push — the zod schemas of a browser's push subscription.
import { z } from 'zod';
import { textSchema } from './text';

/** A push service's endpoint: an https URL (every browser's push service is https). */
export const pushEndpointSchema = textSchema()
  .max(2048)
  .regex(/^https:\/\/[^\s]+$/, 'must be an https URL')
  .refine((value) => URL.canParse(value), 'must be an https URL');

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it: the endpoint and its keys —
 * p256dh an uncompressed P-256 point (65 bytes, base64url: 87 characters starting with `B`), auth
 * 16 bytes (22 characters). `label` says which browser, for the person.
 */
export const pushSubscribeSchema = z
  .object({
    endpoint: pushEndpointSchema,
    keys: z
      .object({
        p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key (base64url)'),
        auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be 16 bytes (base64url)'),
      })
      .strip(),
    expirationTime: z.number().nullable().optional(),
    label: textSchema().trim().max(100).optional(),
  })
  .strict();
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** Forgetting one of one's browsers. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema }).strict();
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;
