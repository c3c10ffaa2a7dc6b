-- Issue 31 (docs/debrief.md): an activity's grading rubric and grades, its AI summary, the log of its phases (which
-- phase a post belongs to, for the participation figures), and the index the figures read by.
CREATE TABLE "debrief_rubrics" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"scale" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);--> statement-breakpoint
CREATE TABLE "debrief_grades" (
	"activity_id" text NOT NULL,
	"uid" text NOT NULL,
	"class_id" text NOT NULL,
	"marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "debrief_grades_activity_id_uid_pk" PRIMARY KEY("activity_id","uid"),
	CONSTRAINT "debrief_grades_comment_length_check" CHECK (char_length("debrief_grades"."comment") <= 2000)
);--> statement-breakpoint
CREATE TABLE "debrief_summaries" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "debrief_summaries_status_check" CHECK ("debrief_summaries"."status" in ('streaming', 'done', 'failed'))
);--> statement-breakpoint
CREATE TABLE "activity_phase_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"activity_id" text NOT NULL,
	"start_seq" bigint NOT NULL,
	"phase_id" text,
	"title" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "debrief_rubrics" ADD CONSTRAINT "debrief_rubrics_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debrief_grades" ADD CONSTRAINT "debrief_grades_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debrief_summaries" ADD CONSTRAINT "debrief_summaries_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_phase_log" ADD CONSTRAINT "activity_phase_log_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_phase_log_activity_idx" ON "activity_phase_log" USING btree ("activity_id","start_seq");--> statement-breakpoint
-- The words of a message, counted once when it is written (the participation figures sum them).
ALTER TABLE "messages" ADD COLUMN "word_count" integer GENERATED ALWAYS AS (regexp_count("messages"."body", '\S+')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_channel_author_idx" ON "messages" USING btree ("channel_id","author_uid");--> statement-breakpoint
-- Hand-written: every change of the phase in force is logged with the case channel's seq where it
-- begins (phase_start_seq, taken under the channel's lock by the phase command), and the end of the
-- phases with the channel's last seq then, so a post's phase is the log row before its seq.
CREATE FUNCTION "activity_phase_log_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phase_state IN ('running', 'overtime')
     AND NEW.phase_started_at IS DISTINCT FROM OLD.phase_started_at THEN
    INSERT INTO activity_phase_log (activity_id, start_seq, phase_id, title)
    VALUES (NEW.activity_id, NEW.phase_start_seq,
            NEW.phases -> NEW.phase_index ->> 'id', NEW.phases -> NEW.phase_index ->> 'title');
  ELSIF NEW.phase_state IN ('idle', 'done') AND OLD.phase_state IN ('running', 'overtime') THEN
    INSERT INTO activity_phase_log (activity_id, start_seq, phase_id, title)
    VALUES (NEW.activity_id,
            coalesce((SELECT last_seq FROM channels WHERE channel_id = NEW.channel_id), 0),
            NULL, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "activity_phase_log_write" AFTER UPDATE ON "activities"
  FOR EACH ROW EXECUTE FUNCTION "activity_phase_log_write"();
