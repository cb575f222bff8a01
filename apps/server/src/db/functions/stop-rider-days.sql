-- Ridership per stop by day and ISO week (decision 043; one row per stop with pickups and drop-offs: decision 048):
-- stop_rider_days and stop_rider_weeks, kept from trip_stop_riders (trip-stop-riders.sql) and from trips whose day or
-- run changes, so that a week is always the sum of its days. The composite type stop_rider_change is made by
-- 0024_week-rollups.sql.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Adds rides (riders may be negative; a PICKUP run's to pickups, a DROP run's to drop-offs) to the stop's day and
-- week, days first then weeks, keys in order: counting is commutative, so concurrent writers need no more than the
-- upserts' row locks and cannot deadlock on them. A change that nets to nothing writes no row.
-- Last changed: 0026_stop-rides-per-stop.sql
CREATE OR REPLACE FUNCTION "stop_riders_rollup_add"(batch "stop_rider_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(batch), 0) = 0 THEN
    RETURN;
  END IF;
  WITH changes AS (
    SELECT "trip_date", "stop_id",
      coalesce(sum("riders") FILTER (WHERE "type" = 'PICKUP'), 0)::int AS "pickups",
      coalesce(sum("riders") FILTER (WHERE "type" = 'DROP'), 0)::int AS "drop_offs"
    FROM unnest(batch) GROUP BY 1, 2),
  days_done AS (
    INSERT INTO "stop_rider_days" AS d ("trip_date", "stop_id", "pickups", "drop_offs")
      SELECT "trip_date", "stop_id", "pickups", "drop_offs" FROM changes
      WHERE "pickups" <> 0 OR "drop_offs" <> 0 ORDER BY 1, 2
    ON CONFLICT ("trip_date", "stop_id") DO UPDATE
      SET "pickups" = d."pickups" + excluded."pickups", "drop_offs" = d."drop_offs" + excluded."drop_offs"
    RETURNING 1)
  INSERT INTO "stop_rider_weeks" AS w ("week_start", "stop_id", "pickups", "drop_offs")
    SELECT "iso_week_start"("trip_date"), "stop_id", sum("pickups"), sum("drop_offs") FROM changes
    WHERE (SELECT count(*) FROM days_done) >= 0
    GROUP BY 1, 2 HAVING sum("pickups") <> 0 OR sum("drop_offs") <> 0 ORDER BY 1, 2
  ON CONFLICT ("week_start", "stop_id") DO UPDATE
    SET "pickups" = w."pickups" + excluded."pickups", "drop_offs" = w."drop_offs" + excluded."drop_offs";
END $$;
--> statement-breakpoint
-- Rows of trip_stop_riders written (scans, a child's stop changed, a child deleted): what changed per trip and stop,
-- at the trip's day and run. The trips are locked first (in id order), as the on-time trigger does, so a trip's day
-- changing at the same moment either sees these rides or is seen by them. A deleted trip's rows (the cascade) find no
-- trip left: its rides left before it was deleted (trips_rollup_riders_delete).
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "trip_stop_riders_rollup_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_rows "trip_stop_riders"[] := '{}';
  old_rows "trip_stop_riders"[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_rows := ARRAY(SELECT i FROM inserted i);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_rows := ARRAY(SELECT d FROM deleted d);
  END IF;
  PERFORM 1 FROM "trips" t
    JOIN (SELECT "trip_id" FROM unnest(new_rows) UNION SELECT "trip_id" FROM unnest(old_rows)) c ON c."trip_id" = t."id"
    ORDER BY t."id" FOR NO KEY UPDATE OF t;
  PERFORM "stop_riders_rollup_add"(ARRAY(
    SELECT ROW(t."trip_date", x."stop_id", t."type", sum(x."riders"))::"stop_rider_change"
    FROM (SELECT "trip_id", "stop_id", "riders" FROM unnest(new_rows)
      UNION ALL SELECT "trip_id", "stop_id", -"riders" FROM unnest(old_rows)) x
    JOIN "trips" t ON t."id" = x."trip_id"
    GROUP BY t."trip_date", x."stop_id", t."type" HAVING sum(x."riders") <> 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stop_riders_rollup_days_insert" AFTER INSERT ON "trip_stop_riders"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stop_riders_rollup_days_update" AFTER UPDATE ON "trip_stop_riders"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stop_riders_rollup_days_delete" AFTER DELETE ON "trip_stop_riders"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
-- A trip's day or run changed: its rides move.
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_riders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "stop_riders_rollup_add"(ARRAY(
    SELECT ROW(x."trip_date", r."stop_id", x."type", sum(x."sign" * r."riders"))::"stop_rider_change"
    FROM (SELECT -1 AS "sign", d."id", d."trip_date", d."type" FROM deleted d JOIN inserted i ON i."id" = d."id"
        WHERE (d."trip_date", d."type") IS DISTINCT FROM (i."trip_date", i."type")
      UNION ALL
      SELECT 1, i."id", i."trip_date", i."type" FROM inserted i JOIN deleted d ON d."id" = i."id"
        WHERE (d."trip_date", d."type") IS DISTINCT FROM (i."trip_date", i."type")) x
    JOIN "trip_stop_riders" r ON r."trip_id" = x."id"
    GROUP BY x."trip_date", r."stop_id", x."type" HAVING sum(x."sign" * r."riders") <> 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_riders_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_riders_update"();
--> statement-breakpoint
-- A trip about to be deleted: its rides leave now, while the trip still says which day and run they were on (its
-- trip_stop_riders rows go by cascade after the trip row is gone, when no trigger can find the day any more).
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_riders_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "stop_riders_rollup_add"(ARRAY(
    SELECT ROW(OLD."trip_date", r."stop_id", OLD."type", -r."riders")::"stop_rider_change"
    FROM "trip_stop_riders" r WHERE r."trip_id" = OLD."id" AND r."riders" <> 0));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_riders_delete" BEFORE DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "trips_rollup_riders_delete"();
