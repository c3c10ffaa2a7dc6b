-- hand-written (drizzle-kit generate --custom: no schema change). The mention rule of the enqueue
-- trigger (0008) made locale-independent, as mentionsAgent (packages/shared/src/agents.ts) now is:
-- only ASCII letters are case-folded, and word characters are ASCII letters, digits and `_`. `~*`
-- folded case with the database's locale, so under some locales a letter such as the Kelvin sign
-- or a dotted İ could make or break a mention differently from TypeScript; translate() folds
-- A-Z alone, and `~` then compares exactly. apps/server/test/agentMentions.test.ts runs one table
-- of cases through both rules.
CREATE OR REPLACE FUNCTION ai_enqueue_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
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
    AND ((md.mode = 'mention'
        AND translate(m.body, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
          ~ ('(^|[^a-z0-9_])@'
            || translate(a.agent, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
            || '($|[^a-z0-9_])'))
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
