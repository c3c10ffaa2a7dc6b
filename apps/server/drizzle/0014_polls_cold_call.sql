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
-- post's own statement, and announces it like a command does (the notice of the channel's
-- spotlight and of the student's own). A statement-level trigger: the send path inserts a whole
-- batch in one prepared statement (group commit), so this is one UPDATE per batch — a probe of the
-- small spotlights table — and no round trip; the clear commits with the post or not at all.
CREATE FUNCTION "spotlight_clear_on_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cleared record;
BEGIN
  FOR cleared IN
    UPDATE "spotlights" s SET "cleared_at" = now(), "updated_at" = now(), "updated_by" = p."author_uid",
        "updated_by_name" = p."author_name", "version" = nextval('live_version')
      FROM (SELECT DISTINCT ON ("channel_id", "author_uid") "channel_id", "author_uid", "author_name"
            FROM "posted") p
      WHERE s."channel_id" = p."channel_id" AND s."uid" = p."author_uid" AND s."cleared_at" IS NULL
      RETURNING s."channel_id", s."uid"
  LOOP
    PERFORM pg_notify('seminar_live', json_build_object('l', json_build_array(
      json_build_object('t', 'coldCall.live', 'k', cleared."channel_id", 'i', json_build_array(cleared."channel_id")),
      json_build_object('t', 'coldCall.mine', 'k', 'coldcall:' || cleared."uid", 'i', json_build_array(cleared."channel_id"))
    ))::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "spotlight_clear_on_post" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "posted"
  FOR EACH STATEMENT EXECUTE FUNCTION "spotlight_clear_on_post"();
