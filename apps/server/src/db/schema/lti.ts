// Docs: docs/institutions.md#lti-13 — Seminar as an LTI 1.3 tool (migration 0023).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { classes } from './classes';
import { auditColumns, versionColumn } from './common';

/** An LMS (Canvas, Moodle…) a site admin registered: its issuer, our client id there, its URLs. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    client_id: text('client_id').notNull(),
    deployment_ids: text('deployment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    auth_login_url: text('auth_login_url').notNull(),
    token_url: text('token_url').notNull(),
    jwks_url: text('jwks_url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [unique('lti_platforms_issuer_client_unique').on(table.issuer, table.client_id)],
);

/** The tool's signing key pair (slot `current`), made on first use and shared by every node. */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  slot: text('slot').notNull().unique('lti_tool_keys_slot_unique'),
  private_jwk: jsonb('private_jwk').$type<JWK>().notNull(),
  public_jwk: jsonb('public_jwk').$type<JWK>().notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A login initiation's state and nonce, waiting for its launch (taken once). */
export const ltiLoginStates = pgTable('lti_login_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  platform_id: text('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Nonces of accepted id_tokens, kept past the tokens' lifetime: a replay finds its nonce here. */
export const ltiUsedNonces = pgTable(
  'lti_used_nonces',
  {
    platform_id: text('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id),
    nonce: text('nonce').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'lti_used_nonces_pk', columns: [table.platform_id, table.nonce] }),
  ],
);

/** An LMS person (platform, sub) and the Seminar account they are: never matched by e-mail. */
export const ltiUsers = pgTable(
  'lti_users',
  {
    platform_id: text('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id),
    sub: text('sub').notNull(),
    uid: text('uid').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'lti_users_pk', columns: [table.platform_id, table.sub] }),
    index('lti_users_uid_idx').on(table.uid),
  ],
);

/** An LMS course (context) and the Seminar class it launches into, with its service URLs. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    platform_id: text('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id),
    context_id: text('context_id').notNull(),
    class_id: text('class_id')
      .notNull()
      .unique('lti_contexts_class_unique')
      .references(() => classes.class_id),
    deployment_id: text('deployment_id').notNull(),
    title: text('title').notNull().default(''),
    memberships_url: text('memberships_url'),
    lineitems_url: text('lineitems_url'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'lti_contexts_pk', columns: [table.platform_id, table.context_id] }),
  ],
);

/** Every launch, accepted or refused, and every roster or grade call: the admin page's log. */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    platform_id: text('platform_id'),
    issuer: text('issuer'),
    kind: text('kind').notNull(),
    ok: boolean('ok').notNull(),
    detail: text('detail').notNull(),
    uid: text('uid'),
    class_id: text('class_id'),
  },
  (table) => [index('lti_launches_at_idx').on(table.at)],
);
