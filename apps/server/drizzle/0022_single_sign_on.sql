-- Docs: docs/institutions.md#single-sign-on-oidc — single sign-on's state, kept in the database so
-- every node of an installation shares it (a sign-in may start on one node and return to another).
-- One started sign-in: state (hashed), bound to the browser that started it, single use, short expiry.
CREATE TABLE "sso_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"request_id" text,
	"test" boolean DEFAULT false NOT NULL,
	"identity" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "sso_states_expires_at_idx" ON "sso_states" USING btree ("expires_at");--> statement-breakpoint
-- SAML assertions already used, until they expire: a replayed assertion finds its id here.
CREATE TABLE "sso_saml_assertions" (
	"provider_id" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_saml_assertions_pk" PRIMARY KEY("provider_id","assertion_id")
);--> statement-breakpoint
CREATE INDEX "sso_saml_assertions_expires_at_idx" ON "sso_saml_assertions" USING btree ("expires_at");--> statement-breakpoint
-- Domains whose addresses must sign in through single sign-on (set by a site admin).
CREATE TABLE "sso_required_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text
);
