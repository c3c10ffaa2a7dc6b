-- Issue 12, attachments in an S3-compatible store (docs/channels.md#attachments): a row keeps its bytes
-- in `data` (the database store) or names its object in `object_key`, never both; the keys of objects
-- whose rows are deleted wait in attachment_deletions until the store has deleted them.
CREATE TABLE "attachment_deletions" (
	"object_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_size_check";--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_size_check" CHECK (("attachments"."object_key" is null and "attachments"."data" is not null and "attachments"."size" = octet_length("attachments"."data")) or ("attachments"."object_key" is not null and "attachments"."data" is null));