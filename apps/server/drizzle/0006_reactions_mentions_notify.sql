CREATE TABLE "channel_settings" (
	"channel_id" text NOT NULL,
	"uid" text NOT NULL,
	"notify" text DEFAULT 'all' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_settings_channel_id_uid_pk" PRIMARY KEY("channel_id","uid"),
	CONSTRAINT "channel_settings_notify_check" CHECK ("channel_settings"."notify" in ('all', 'mentions', 'none'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reactions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentions_channel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_settings" ADD CONSTRAINT "channel_settings_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_settings_uid_idx" ON "channel_settings" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "messages_mentions_idx" ON "messages" USING btree ("channel_id","seq") WHERE "messages"."mentions" <> '{}'::text[] or "messages"."mentions_channel";