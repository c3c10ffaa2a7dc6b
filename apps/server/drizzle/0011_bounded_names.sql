-- hand-written (drizzle-kit generate --custom: no schema change). Issue 29.3: a person's name is
-- 1 to 100 characters on one line (personNameProblem, packages/shared/src/names.ts). Names set
-- before the rule may be any length and hold control characters; they were copied into every
-- message (author_name) and audit field (updated_by_name) the person wrote. Control characters
-- become spaces, then the text is trimmed and cut to 100 characters. Idempotent: a second run
-- finds nothing to change. An empty name stays empty (the e-mail is shown instead).
UPDATE "users"
SET "name" = left(btrim(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]', ' ', 'g')), 100)
WHERE length("name") > 100
  OR "name" ~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]'
  OR "name" <> btrim("name");
--> statement-breakpoint
UPDATE "class_invitations"
SET "name" = left(btrim(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]', ' ', 'g')), 100)
WHERE length("name") > 100
  OR "name" ~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
-- The copies: every author_name and updated_by_name column, found by name so none is missed.
DO $$
DECLARE
  col record;
BEGIN
  FOR col IN
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema()
      AND column_name IN ('author_name', 'updated_by_name')
      AND data_type = 'text'
  LOOP
    EXECUTE format('UPDATE %I SET %I = left(%I, 100) WHERE length(%I) > 100',
      col.table_name, col.column_name, col.column_name, col.column_name);
  END LOOP;
END $$;
