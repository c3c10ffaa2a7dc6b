// Docs: docs/institutions.md#accounts-created-or-linked — an identity a provider asserted becomes a
// Better Auth session: the account linked to the provider's subject, else the account of the
// verified address (linked now), else a new account. Sessions are Better Auth's own (same cookie,
// same revocation, same disabled-user refusal as a password sign-in).
import { createHmac } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { boundedPersonName, normalizeEmail, personNameProblem } from '@seminar/shared';
import type { Auth } from '../auth/auth';

/** What a provider asserted about the person, after its signature and checks passed. */
export interface AssertedIdentity {
  providerId: string;
  protocol: 'oidc' | 'saml';
  /** The provider's stable id of the person (OIDC `sub`, SAML NameID). */
  subject: string;
  email: string;
  /** Whether the provider vouches that the address is the person's (OIDC `email_verified`). */
  emailVerified: boolean;
  name: string | undefined;
}

export type SignInOutcome =
  | { ok: true; userId: string; setCookie: string }
  | { ok: false; reason: 'unverified-email' | 'disabled' };

/** The accounts table's provider id of an SSO provider (never a Better Auth social provider id). */
export const accountProviderId = (providerId: string): string => `sso:${providerId}`;

/** A usable display name: the asserted one when it passes the name rule, else the address's name. */
function nameFor(identity: AssertedIdentity, email: string): string {
  const asserted = identity.name?.trim();
  if (asserted && personNameProblem(asserted) === null) return asserted;
  return boundedPersonName(email.slice(0, email.indexOf('@')) || email);
}

/**
 * Signs the asserted person in. Only an address the provider asserts as verified may create or link
 * an account: an unverified claim (any provider lets its users type an address) would otherwise take
 * over whoever owns that address here.
 */
export async function signInAsserted(
  auth: Auth,
  identity: AssertedIdentity,
): Promise<SignInOutcome> {
  if (!identity.emailVerified) return { ok: false, reason: 'unverified-email' };
  const ctx = await auth.$context;
  const adapter = ctx.internalAdapter;
  const email = normalizeEmail(identity.email);
  const providerId = accountProviderId(identity.providerId);

  let userId: string;
  const owner = await adapter.findAccountOwnerByKey({ providerId, accountId: identity.subject });
  if (owner?.kind === 'owned') {
    userId = owner.user.id;
  } else {
    const found = await adapter.findUserByEmail(email);
    if (found) {
      userId = found.user.id;
      if (!found.user.emailVerified) {
        // Someone signed up with this address and never proved it; the provider has now proved
        // whose it is. As a reset by code would: the password nobody proved goes, its sessions end,
        // and the address counts as verified (which claims the invitations waiting for it).
        const credential = await adapter.findCredentialAccount(userId);
        if (credential) await adapter.deleteAccount(credential.id);
        await adapter.deleteUserSessions(userId);
        await adapter.updateUser(userId, { emailVerified: true });
      }
    } else {
      const created = await adapter.createUser(
        { email, name: nameFor(identity, email), emailVerified: true },
        {
          method: identity.protocol === 'oidc' ? 'sso-oidc' : 'sso-saml',
          sso: { providerId: identity.providerId },
        },
      );
      userId = created.id;
    }
    await adapter.linkAccount({ userId, providerId, accountId: identity.subject });
  }

  try {
    const session = await adapter.createSession(userId);
    const cookie = ctx.authCookies.sessionToken;
    const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
    const attributes = cookie.attributes;
    const parts = [
      `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
      `Path=${attributes.path ?? '/'}`,
      `Max-Age=${ctx.sessionConfig.expiresIn}`,
      'HttpOnly',
      `SameSite=${attributes.sameSite === 'none' ? 'None' : attributes.sameSite === 'strict' ? 'Strict' : 'Lax'}`,
    ];
    if (attributes.secure) parts.push('Secure');
    return { ok: true, userId, setCookie: parts.join('; ') };
  } catch (error) {
    // The session hook refuses a disabled user (auth.ts), as for a password sign-in.
    if (error instanceof APIError && error.body?.code === 'USER_DISABLED')
      return { ok: false, reason: 'disabled' };
    throw error;
  }
}
