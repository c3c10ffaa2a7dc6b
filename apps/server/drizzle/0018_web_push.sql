CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_events" (
	"message_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_jobs" (
	"subscription_id" text NOT NULL,
	"message_id" text NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_jobs_subscription_id_message_id_pk" PRIMARY KEY("subscription_id","message_id"),
	CONSTRAINT "push_jobs_status_check" CHECK ("push_jobs"."status" in ('queued', 'running')),
	CONSTRAINT "push_jobs_kind_check" CHECK ("push_jobs"."kind" in ('mention', 'message'))
);
--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_uid_idx" ON "push_subscriptions" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "push_jobs_due_idx" ON "push_jobs" USING btree ("due_at");--> statement-breakpoint
-- hand-written (drizzle-kit cannot express triggers): a new message leaves one push_events row in
-- the transaction that inserts it, but only when someone else in its class has a push
-- subscription — an installation (or a class) where nobody allowed push pays one index probe and
-- writes nothing (docs/channels.md#web-push). The worker decides who is told, outside the send.
CREATE FUNCTION push_enqueue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM push_subscriptions ps
      JOIN class_memberships cm ON cm.uid = ps.uid AND cm.class_id = NEW.class_id
      WHERE ps.uid <> NEW.author_uid) THEN
    INSERT INTO push_events (message_id) VALUES (NEW.id) ON CONFLICT (message_id) DO NOTHING;
    PERFORM pg_notify('seminar_push', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_push_enqueue AFTER INSERT ON messages
  FOR EACH ROW WHEN (NOT NEW.deleted)
  EXECUTE FUNCTION push_enqueue_event();
