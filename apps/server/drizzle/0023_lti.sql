-- Docs: docs/institutions.md#lti-13 — Seminar as an LTI 1.3 tool: the platforms site admins register,
-- the tool's own key pair, login states and used nonces (in the database, so they hold across nodes),
-- LMS users and contexts linked to Seminar accounts and classes, and the log of launches.
CREATE TABLE "lti_platforms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"auth_login_url" text NOT NULL,
	"token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "lti_platforms_issuer_client_unique" UNIQUE("issuer","client_id")
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_tool_keys_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "lti_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"platform_id" text NOT NULL REFERENCES "lti_platforms"("id"),
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_used_nonces" (
	"platform_id" text NOT NULL REFERENCES "lti_platforms"("id"),
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_used_nonces_pk" PRIMARY KEY("platform_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "lti_users" (
	"platform_id" text NOT NULL REFERENCES "lti_platforms"("id"),
	"sub" text NOT NULL,
	"uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_users_pk" PRIMARY KEY("platform_id","sub")
);
--> statement-breakpoint
CREATE INDEX "lti_users_uid_idx" ON "lti_users" USING btree ("uid");--> statement-breakpoint
CREATE TABLE "lti_contexts" (
	"platform_id" text NOT NULL REFERENCES "lti_platforms"("id"),
	"context_id" text NOT NULL,
	"class_id" text NOT NULL REFERENCES "classes"("class_id"),
	"deployment_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"memberships_url" text,
	"lineitems_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_contexts_pk" PRIMARY KEY("platform_id","context_id"),
	CONSTRAINT "lti_contexts_class_unique" UNIQUE("class_id")
);
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lti_launches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform_id" text,
	"issuer" text,
	"kind" text NOT NULL,
	"ok" boolean NOT NULL,
	"detail" text NOT NULL,
	"uid" text,
	"class_id" text
);
--> statement-breakpoint
CREATE INDEX "lti_launches_at_idx" ON "lti_launches" USING btree ("at");
