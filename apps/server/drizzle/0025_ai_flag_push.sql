-- Issue 32: a flagged exchange with an AI agent is pushed to the class's instructors and class
-- admins (docs/ai.md#moderation) through the Web Push jobs: a job of kind 'ai_flag' whose
-- message_id is the alert's key, 'flag/' and the AI job's id — no message id can hold a '/', so it
-- never meets a message's push of the same subscription.
ALTER TABLE "push_jobs" DROP CONSTRAINT "push_jobs_kind_check";--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_kind_check" CHECK ("push_jobs"."kind" in ('mention', 'message', 'ai_flag'));
