CREATE TABLE "notification_events" (
	"message_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_items" (
	"uid" text NOT NULL,
	"message_id" text NOT NULL,
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_items_uid_message_id_pk" PRIMARY KEY("uid","message_id")
);
--> statement-breakpoint
CREATE TABLE "notification_jobs" (
	"uid" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_jobs_status_check" CHECK ("notification_jobs"."status" in ('queued', 'running'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"uid" text PRIMARY KEY NOT NULL,
	"email_delay" text DEFAULT '10m' NOT NULL,
	"muted_class_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_delay_check" CHECK ("notification_settings"."email_delay" in ('off', '10m', '1h'))
);
--> statement-breakpoint
CREATE INDEX "notification_jobs_due_idx" ON "notification_jobs" USING btree ("due_at");--> statement-breakpoint
-- hand-written (drizzle-kit cannot express triggers): a message that mentions someone (a person or
-- @channel) leaves one notification_events row in the transaction that inserts it, whatever inserts
-- it, so a mention and its e-mail are never apart. A row trigger with a WHEN clause: the send path's
-- messages that mention nobody do not even call the function (docs/channels.md#notifications). An
-- edit that changes who is mentioned leaves one too; people already reached are not reached twice
-- (notification_items' key).
CREATE FUNCTION notify_enqueue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (message_id) VALUES (NEW.id) ON CONFLICT (message_id) DO NOTHING;
  PERFORM pg_notify('seminar_notify', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_notify_enqueue AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.mentions <> '{}'::text[] OR NEW.mentions_channel)
  EXECUTE FUNCTION notify_enqueue_event();
--> statement-breakpoint
CREATE TRIGGER messages_notify_enqueue_edit AFTER UPDATE OF mentions, mentions_channel ON messages
  FOR EACH ROW WHEN ((NEW.mentions <> '{}'::text[] OR NEW.mentions_channel)
    AND (NEW.mentions IS DISTINCT FROM OLD.mentions OR NEW.mentions_channel IS DISTINCT FROM OLD.mentions_channel))
  EXECUTE FUNCTION notify_enqueue_event();
