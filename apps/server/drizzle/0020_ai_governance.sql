ALTER TABLE "activities" ADD COLUMN "ai_limits" jsonb DEFAULT '{"per_student_day":null,"per_student_activity":null,"hours":null,"time_zone":"UTC","phases_off":[]}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_tutor" jsonb;
--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "admitted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "told" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_jobs_told_once_idx" ON "ai_jobs" USING btree ("activity_id","author_uid","told") WHERE "ai_jobs"."told" is not null;
