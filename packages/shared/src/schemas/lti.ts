// Docs: docs/institutions.md#lti-13 — the inputs of the LTI platform registry and the staff's LTI calls.
import { z } from 'zod';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

/** An https URL (http only for a loopback host, which the tests' platform stand-in is). */
const endpointUrlSchema = textSchema()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === 'https:' ||
        (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
      );
    } catch {
      return false;
    }
  }, 'Enter an https:// address.');

/** A platform's fields, as a site admin enters them (docs/institutions.md#lti-13). */
export const ltiPlatformFieldsSchema = z.object({
  name: textSchema().trim().min(1, 'Enter a name.').max(100),
  issuer: endpointUrlSchema,
  client_id: textSchema().trim().min(1, 'Enter the client id.').max(255),
  deployment_ids: z
    .array(textSchema().trim().min(1).max(255))
    .min(1, 'Enter at least one deployment id.')
    .max(50),
  auth_login_url: endpointUrlSchema,
  token_url: endpointUrlSchema,
  jwks_url: endpointUrlSchema,
});

export type LtiPlatformFields = z.infer<typeof ltiPlatformFieldsSchema>;

export const ltiPlatformAddSchema = ltiPlatformFieldsSchema;

export const ltiPlatformUpdateSchema = ltiPlatformFieldsSchema.extend({
  id: documentIdSchema,
  enabled: z.boolean(),
});

export type LtiPlatformUpdate = z.infer<typeof ltiPlatformUpdateSchema>;

/** A registered platform as site admins see it. */
export interface LtiPlatform extends LtiPlatformFields {
  id: string;
  enabled: boolean;
  version: number;
}

/** One line of the launch log. */
export interface LtiLaunchEntry {
  id: number;
  at: string;
  platform: string | null;
  kind: string;
  ok: boolean;
  detail: string;
}

/** A staff call on a class's LMS link: its roster sync. */
export const ltiClassInputSchema = z.object({ class_id: documentIdSchema });

/** A staff call: post an activity's debrief totals to the LMS gradebook. */
export const ltiGradesInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
});

/**
 * A class's LMS link as its staff see it (`lti.classLink`): the platform's name and which of its
 * services the course shares. Null: the class is not linked, or its platform is disabled.
 */
export interface LtiClassLink {
  platform: string;
  /** The course shares its roster (NRPS): "Sync roster". */
  roster: boolean;
  /** The course takes grades (AGS): "Send grades to ⟨platform⟩". */
  grades: boolean;
}
