CREATE TABLE "channel_reads" (
	"channel_id" text NOT NULL,
	"uid" text NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_reads_channel_id_uid_pk" PRIMARY KEY("channel_id","uid")
);
--> statement-breakpoint
ALTER TABLE "channel_reads" ADD CONSTRAINT "channel_reads_channel_id_channels_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_reads_uid_idx" ON "channel_reads" USING btree ("uid");