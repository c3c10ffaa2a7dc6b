CREATE TABLE "ai_jobs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"message_id" text NOT NULL,
	"agent" text NOT NULL,
	"product_id" text NOT NULL,
	"author_uid" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" text,
	"lease_until" timestamp with time zone,
	"reply_id" text,
	"analyses" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_jobs_status_check" CHECK ("ai_jobs"."status" in ('queued', 'running', 'done', 'failed', 'refused', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "ai" jsonb;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_agent_modes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_budget_answers" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "ai_budget_tokens" integer;--> statement-breakpoint
CREATE INDEX "ai_jobs_open_idx" ON "ai_jobs" USING btree ("created_at") WHERE "ai_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "ai_jobs_activity_idx" ON "ai_jobs" USING btree ("activity_id","author_uid","created_at");--> statement-breakpoint
CREATE INDEX "activities_channel_id_idx" ON "activities" USING btree ("channel_id");--> statement-breakpoint
-- hand-written (drizzle-kit cannot express triggers): the agent jobs a message is owed are made in
-- the transaction that inserts it, whatever inserts it (the send statement, a test), so a message
-- and its jobs commit together. One statement-level trigger per INSERT (a send batch is one).
-- The rules are packages/shared/src/agents.ts's: an agent answers a person's message (never an
-- agent's) in its activity's case channel; its mode is the activity's setting for it, else the
-- product's, any other value meaning 'mention'; 'mention' needs "@Name" not inside a word
-- (mentionsAgent), 'every_message' answers every student's message, 'paused' nothing.
CREATE FUNCTION ai_enqueue_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  INSERT INTO ai_jobs (job_id, class_id, activity_id, channel_id, message_id, agent, product_id, author_uid)
  SELECT 'job_' || m.id || '_' || a.agent, m.class_id, act.activity_id, m.channel_id, m.id, a.agent,
    p.product_id, m.author_uid
  FROM new_messages m
  JOIN activities act ON act.channel_id = m.channel_id AND act.class_id = m.class_id
    AND NOT act.deleted AND act.enabled AND act.product_id IS NOT NULL
  JOIN products p ON p.product_id = act.product_id AND NOT p.deleted AND p.enabled
  CROSS JOIN LATERAL (SELECT DISTINCT r AS agent FROM unnest(p.ai_agent_refs) r
    WHERE r ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$') a
  CROSS JOIN LATERAL (SELECT coalesce(act.ai_agent_modes ->> a.agent, p.ai_agent_cooperation_mode) AS raw) r
  CROSS JOIN LATERAL (SELECT CASE WHEN r.raw IN ('mention', 'every_message', 'paused') THEN r.raw
    ELSE 'mention' END AS mode) md
  WHERE m.author_uid NOT LIKE 'agent:%' AND NOT m.deleted
    AND ((md.mode = 'mention' AND m.body ~* ('(^|[^a-z0-9_])@' || a.agent || '($|[^a-z0-9_])'))
      OR (md.mode = 'every_message' AND EXISTS (
        SELECT 1 FROM class_memberships cm
        WHERE cm.class_id = m.class_id AND cm.uid = m.author_uid AND cm.role = 'student'
          AND cm.enabled AND NOT cm.deleted AND NOT cm.pending_deleted)))
  ON CONFLICT (job_id) DO NOTHING;
  GET DIAGNOSTICS made = ROW_COUNT;
  IF made > 0 THEN
    PERFORM pg_notify('seminar_ai', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_ai_enqueue AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION ai_enqueue_jobs();
