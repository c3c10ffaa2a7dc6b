-- Channel names become unique in a class (case and surrounding spaces ignored; deleted channels and
-- blank names excluded). Existing clashes are resolved first: the oldest channel keeps its name, each
-- later one gets the first free " (2)", " (3)", … suffix, with a bumped version so live lists update.
DO $$
DECLARE
  clash record;
  candidate text;
  n integer;
BEGIN
  FOR clash IN
    SELECT ranked.channel_id, ranked.class_id, btrim(ranked.name) AS base
    FROM (
      SELECT channel_id, class_id, name,
        row_number() OVER (
          PARTITION BY class_id, lower(btrim(name)) ORDER BY created_at, channel_id
        ) AS rank
      FROM channels
      WHERE NOT deleted AND btrim(name) <> ''
    ) ranked
    WHERE ranked.rank > 1
    ORDER BY ranked.class_id, ranked.rank
  LOOP
    n := 2;
    LOOP
      candidate := clash.base || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM channels
        WHERE class_id = clash.class_id AND NOT deleted AND lower(btrim(name)) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE channels
    SET name = candidate, updated_at = now(), version = nextval('live_version')
    WHERE channel_id = clash.channel_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "channels_class_name_unique" ON "channels" USING btree ("class_id",lower(btrim("name"))) WHERE not "channels"."deleted" and btrim("channels"."name") <> '';
