// Docs: SPEC §3 "Auth user" — the signed-in user as the client knows it.
import { z } from 'zod';
import { textSchema } from './text';
import { emailSchema } from '../email';
import { uidSchema } from './common';

/** The signed-in user: uid, display name ('' when unset) and normalized e-mail. */
export const authUserSchema = z.object({
  uid: uidSchema,
  displayName: textSchema().default(''),
  email: emailSchema,
});

/** The signed-in user (SPEC §3; field names as SPEC, hence camelCase displayName). */
export type AuthUser = z.infer<typeof authUserSchema>;
