// Docs: docs/institutions.md#single-sign-on-oidc — single sign-on's shared state (every node reads
// the same rows: a sign-in may start on one node and come back to another).
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './common';

/** A SAML identity between the ACS and /finish. */
export interface StoredIdentity {
  subject: string;
  email: string;
  name: string | null;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A started sign-in: looked up by the state's hash, bound to the browser, used once. */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    /** Hash of the random value in the browser's cookie: a state is only good in that browser. */
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    /** PKCE (OIDC); empty for SAML. */
    codeVerifier: text('code_verifier').notNull(),
    /** The SAML AuthnRequest's ID (the answer's InResponseTo); null for OIDC. */
    requestId: text('request_id'),
    /** A site admin's "test sign-in": checks the provider, signs nobody in. */
    test: boolean('test').notNull().default(false),
    /**
     * SAML: the verified identity, stored by the ACS (a cross-site POST, which carries no Lax
     * cookie) until the browser's own GET to /finish proves it is the browser that started.
     */
    identity: jsonb('identity').$type<StoredIdentity>(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('sso_states_expires_at_idx').on(table.expiresAt)],
);

/** SAML assertions already used, kept until they expire (replays are refused on every node). */
export const ssoSamlAssertions = pgTable(
  'sso_saml_assertions',
  {
    providerId: text('provider_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'sso_saml_assertions_pk', columns: [table.providerId, table.assertionId] }),
    index('sso_saml_assertions_expires_at_idx').on(table.expiresAt),
  ],
);

/** E-mail domains whose addresses sign in only through single sign-on (a site admin's setting). */
export const ssoRequiredDomains = pgTable('sso_required_domains', {
  domain: text('domain').primaryKey(),
  version: versionColumn(),
  ...auditColumns(),
});
