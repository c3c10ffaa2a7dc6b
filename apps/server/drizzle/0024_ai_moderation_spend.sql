ALTER TABLE "classes" ADD COLUMN "ai_moderation" jsonb;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_spend_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_watch_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_per_1k_tokens" double precision;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "flag_detail" text;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "held_answer" text;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "flag_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "flag_handled_by" text;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "flag_handled_by_name" text;--> statement-breakpoint
CREATE INDEX "ai_jobs_flag_open_idx" ON "ai_jobs" USING btree ("activity_id") WHERE "ai_jobs"."flag" is not null and "ai_jobs"."flag_handled_at" is null;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_flag_check" CHECK ("ai_jobs"."flag" in ('profanity', 'personal_data', 'external'));