CREATE TABLE "poll_ballots" (
	"poll_id" text NOT NULL,
	"voter" text NOT NULL,
	"choice" text[] NOT NULL,
	CONSTRAINT "poll_ballots_poll_id_voter_pk" PRIMARY KEY("poll_id","voter")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"results" text DEFAULT 'live' NOT NULL,
	"closed_at" timestamp with time zone,
	"ballot_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "polls_results_check" CHECK ("polls"."results" in ('live', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "spotlights" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"uid" text NOT NULL,
	"how" text NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "spotlights_how_check" CHECK ("spotlights"."how" in ('chosen', 'random'))
);
--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotlights" ADD CONSTRAINT "spotlights_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotlights" ADD CONSTRAINT "spotlights_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "polls_channel_id_idx" ON "polls" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "spotlights_class_uid_idx" ON "spotlights" USING btree ("class_id","uid");--> statement-breakpoint
-- Docs: docs/polls.md#cold-call — a student's post clears their spotlight in that channel, in the
-- post's own statement (the send path is one prepared statement for a whole batch: a trigger adds
-- one index probe of this small table per post, and no round trip), and announces it like a
-- command does: the notice of the channel's spotlight and of the student's own.
CREATE FUNCTION "spotlight_clear_on_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "spotlights" SET "cleared_at" = now(), "updated_at" = now(), "updated_by" = NEW."author_uid",
      "updated_by_name" = NEW."author_name", "version" = nextval('live_version')
    WHERE "channel_id" = NEW."channel_id" AND "uid" = NEW."author_uid" AND "cleared_at" IS NULL;
  IF FOUND THEN
    PERFORM pg_notify('seminar_live', json_build_object('l', json_build_array(
      json_build_object('t', 'coldCall.live', 'k', NEW."channel_id", 'i', json_build_array(NEW."channel_id")),
      json_build_object('t', 'coldCall.mine', 'k', 'coldcall:' || NEW."author_uid", 'i', json_build_array(NEW."channel_id"))
    ))::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "spotlight_clear_on_post" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "spotlight_clear_on_post"();
