-- Issue 30.3 (docs/activities.md#anonymity): anonymous activities, their pseudonyms, and the
-- pseudonym a post carries from the moment it is sent (the live path shapes it without a read).
ALTER TABLE "activities" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "pseudonym_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pseudonym" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pseudonyms" jsonb;--> statement-breakpoint
CREATE TABLE "activity_pseudonyms" (
	"activity_id" text NOT NULL,
	"uid" text NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_pseudonyms_pk" PRIMARY KEY("activity_id","uid"),
	CONSTRAINT "activity_pseudonyms_number_unique" UNIQUE("activity_id","number"),
	CONSTRAINT "activity_pseudonyms_number_check" CHECK ("activity_pseudonyms"."number" >= 1)
);--> statement-breakpoint
ALTER TABLE "activity_pseudonyms" ADD CONSTRAINT "activity_pseudonyms_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE no action ON UPDATE no action;
