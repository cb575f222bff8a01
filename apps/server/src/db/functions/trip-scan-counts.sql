-- Report rollups (decision 033, addendum): the reports read one row per trip (and per trip and stop) instead of a month
-- of scans and positions. Triggers keep them in the same transaction as every write they summarise, so no code path can
-- forget them; statement-level with transition tables, so a batch of scans costs one upsert.
--
-- trip_ridership_counts: each trip's boardings, alightings, no-shows, wrong-bus and unknown-tag scans.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE FUNCTION "ridership_rollup_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "trip_ridership_counts" AS c ("trip_id", "boardings", "alightings", "no_shows", "wrong_bus", "unknown_tags")
      SELECT "trip_id", count(*) FILTER (WHERE "kind" = 'BOARD'), count(*) FILTER (WHERE "kind" = 'ALIGHT'),
        count(*) FILTER (WHERE "kind" = 'NO_SHOW'), count(*) FILTER (WHERE "flag" = 'WRONG_BUS'),
        count(*) FILTER (WHERE "flag" = 'UNKNOWN_TAG')
      FROM inserted GROUP BY "trip_id" ORDER BY "trip_id"
    ON CONFLICT ("trip_id") DO UPDATE SET "boardings" = c."boardings" + excluded."boardings",
      "alightings" = c."alightings" + excluded."alightings", "no_shows" = c."no_shows" + excluded."no_shows",
      "wrong_bus" = c."wrong_bus" + excluded."wrong_bus", "unknown_tags" = c."unknown_tags" + excluded."unknown_tags";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    -- A deleted trip's row went with it (cascade); the others lose what left.
    UPDATE "trip_ridership_counts" c SET "boardings" = c."boardings" - d."boardings",
      "alightings" = c."alightings" - d."alightings", "no_shows" = c."no_shows" - d."no_shows",
      "wrong_bus" = c."wrong_bus" - d."wrong_bus", "unknown_tags" = c."unknown_tags" - d."unknown_tags"
    FROM (SELECT "trip_id", count(*) FILTER (WHERE "kind" = 'BOARD') AS "boardings",
        count(*) FILTER (WHERE "kind" = 'ALIGHT') AS "alightings", count(*) FILTER (WHERE "kind" = 'NO_SHOW') AS "no_shows",
        count(*) FILTER (WHERE "flag" = 'WRONG_BUS') AS "wrong_bus", count(*) FILTER (WHERE "flag" = 'UNKNOWN_TAG') AS "unknown_tags"
      FROM deleted GROUP BY "trip_id") d
    WHERE c."trip_id" = d."trip_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to fire after the riders-per-stop triggers (a table's triggers fire in name order): a scan batch then locks its
-- children before its trips (trip_stop_riders_rollup_days, then trip_ridership_counts_rollup_routes), as a child's stop
-- changing does. Counts first would lock the trip before the child, and a scan and a stop change of the same child and
-- trip at the same moment could deadlock.
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_trip_counts_insert" AFTER INSERT ON "ridership_events"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_trip_counts_update" AFTER UPDATE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_trip_counts_delete" AFTER DELETE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
