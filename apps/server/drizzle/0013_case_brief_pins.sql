-- Issue 30 part 1 (docs/activities.md#case-brief-and-pins): an activity's case brief (markdown and files,
-- the files' rows marked with activity_id) and pinned messages (at most 20 per channel).
CREATE TABLE "message_pins" (
	"message_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"pinned_by" text NOT NULL,
	"pinned_by_name" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT nextval('live_version') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "activity_id" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "brief" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "brief_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pins" ADD CONSTRAINT "message_pins_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_pins_channel_id_idx" ON "message_pins" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_brief_length_check" CHECK (char_length("activities"."brief") <= 20000);