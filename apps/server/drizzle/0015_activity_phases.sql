-- Issue 30.2 (docs/phases.md): an activity's phases and where it is in them; the timer sweep's index.
ALTER TABLE "activities" ADD COLUMN "phases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "phase_state" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "phase_index" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "phase_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "phase_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "phase_start_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_phase_deadline_idx" ON "activities" USING btree ("phase_deadline") WHERE "activities"."phase_state" = 'running' and "activities"."phase_deadline" is not null;