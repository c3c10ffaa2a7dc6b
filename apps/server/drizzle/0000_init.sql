CREATE SEQUENCE "public"."live_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_memberships" (
	"class_id" text NOT NULL,
	"uid" text NOT NULL,
	"role" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"pending_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "class_memberships_class_id_role_uid_pk" PRIMARY KEY("class_id","role","uid"),
	CONSTRAINT "class_memberships_role_check" CHECK ("class_memberships"."role" in ('student', 'admin', 'instructor'))
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"class_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"course_code" text DEFAULT '' NOT NULL,
	"course_term" text DEFAULT '' NOT NULL,
	"course_name" text DEFAULT '' NOT NULL,
	"course_description" text DEFAULT '' NOT NULL,
	"course_disciplines" text[] DEFAULT '{}'::text[] NOT NULL,
	"course_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"end_date" date,
	"pending_enabled" boolean DEFAULT false NOT NULL,
	"pending_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_classes" (
	"pending_class_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"course_code" text DEFAULT '' NOT NULL,
	"course_term" text DEFAULT '' NOT NULL,
	"course_name" text DEFAULT '' NOT NULL,
	"course_description" text DEFAULT '' NOT NULL,
	"course_disciplines" text[] DEFAULT '{}'::text[] NOT NULL,
	"course_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "pending_classes_status_check" CHECK ("pending_classes"."status" in ('pending', 'done', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "channel_notifications" (
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"from_uid" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "channel_notifications_channel_id_from_uid_type_pk" PRIMARY KEY("channel_id","from_uid","type"),
	CONSTRAINT "channel_notifications_type_check" CHECK ("channel_notifications"."type" in ('user_typing', 'user_online'))
);
--> statement-breakpoint
CREATE TABLE "channel_users" (
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"uid" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "channel_users_channel_id_uid_pk" PRIMARY KEY("channel_id","uid")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"channel_group" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"author_uid" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "messages_channel_seq_unique" UNIQUE("channel_id","seq"),
	CONSTRAINT "messages_body_length_check" CHECK (char_length("messages"."body") <= 8192)
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"activity_qualified_name" text DEFAULT '' NOT NULL,
	"product_id" text,
	"channel_id" text,
	"start_date" date,
	"due_date" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"pending_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"product_qualified_name" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"product_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_billing_id" text DEFAULT '' NOT NULL,
	"product_billing_name" text DEFAULT '' NOT NULL,
	"price_per_user" double precision DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"learning_objective" text DEFAULT '' NOT NULL,
	"contributor" text DEFAULT '' NOT NULL,
	"disciplines" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_version" text DEFAULT '' NOT NULL,
	"product_access_type" text DEFAULT 'public' NOT NULL,
	"ai_agent_cooperation_mode" text DEFAULT '' NOT NULL,
	"ai_agent_refs" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"client_timestamp" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_memberships" ADD CONSTRAINT "class_memberships_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_notifications" ADD CONSTRAINT "channel_notifications_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_notifications" ADD CONSTRAINT "channel_notifications_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_users" ADD CONSTRAINT "channel_users_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_users" ADD CONSTRAINT "channel_users_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_email_idx" ON "auth_attempts" USING btree ("email","kind","at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "class_memberships_uid_idx" ON "class_memberships" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "pending_classes_created_by_idx" ON "pending_classes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "channel_users_class_id_idx" ON "channel_users" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "channel_users_uid_idx" ON "channel_users" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "channels_class_id_idx" ON "channels" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "activities_class_id_idx" ON "activities" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("name","received_at");