-- Docs: docs/classes.md#archive — a class archived at the end of term is read-only for everyone.
ALTER TABLE "classes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "archived_by" text;--> statement-breakpoint
-- The one guard every write path meets, whatever command, worker or route makes it: a row of an
-- archived class is not inserted, changed or deleted. SQLSTATE SMA01 is mapped to the typed
-- CLASS_ARCHIVED refusal (apps/server/src/errors.ts, ClassArchivedError). Commands check first
-- for a clear answer; this is what makes a forgotten path refuse too.
CREATE FUNCTION refuse_archived_class_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  IF TG_TABLE_NAME = 'poll_ballots' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT p.class_id INTO target FROM polls p WHERE p.id = OLD.poll_id;
    ELSE
      SELECT p.class_id INTO target FROM polls p WHERE p.id = NEW.poll_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.class_id;
  ELSE
    target := NEW.class_id;
  END IF;
  IF EXISTS (SELECT 1 FROM classes k WHERE k.class_id = target AND k.archived_at IS NOT NULL) THEN
    RAISE EXCEPTION 'class % is archived', target USING ERRCODE = 'SMA01';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An archived class's own row changes only to be unarchived (archived_at back to null).
CREATE FUNCTION refuse_archived_class_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.archived_at IS NOT NULL AND NEW.archived_at IS NOT NULL THEN
    RAISE EXCEPTION 'class % is archived', OLD.class_id USING ERRCODE = 'SMA01';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER classes_archived_guard BEFORE UPDATE ON classes
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_edit();--> statement-breakpoint
CREATE TRIGGER class_memberships_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON class_memberships
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER class_invitations_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON class_invitations
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER channels_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON channels
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER channel_users_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON channel_users
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER messages_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER attachments_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON attachments
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER activities_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER polls_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON polls
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER poll_ballots_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON poll_ballots
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER message_pins_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON message_pins
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER debrief_rubrics_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON debrief_rubrics
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER debrief_grades_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON debrief_grades
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER debrief_summaries_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON debrief_summaries
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();--> statement-breakpoint
CREATE TRIGGER spotlights_archived_guard BEFORE INSERT OR UPDATE OR DELETE ON spotlights
  FOR EACH ROW EXECUTE FUNCTION refuse_archived_class_write();
