-- Route and vehicle rollups (decision 046): ridership per route, exceptions, ridership per day and vehicle use read a
-- row per route (or vehicle) and day, and per route (or vehicle) and ISO week, from route_trip_days/weeks and
-- vehicle_trip_days/weeks. What is counted is what the reports counted: a route's trips that ran (status not
-- CANCELLED) with their scan counts (trip_ridership_counts, trip-scan-counts.sql), and a vehicle's started trips
-- (started_at set) with their distance (trip_distances, trip-distances.sql). Triggers on those two tables add what
-- changed at the trip's day, route or vehicle; triggers on trips move a trip's counts when its day, route, status,
-- vehicle or start change, and take them away before it is deleted (its per-trip rows leave by cascade, when the trip
-- no longer says where they were counted). The composite types route_trip_change and vehicle_trip_change are made by
-- 0025_trip-rollups.sql.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Adds trips and scan counts (negative to take away) to the route's day and week, days first then weeks, keys in
-- order: counting is commutative, so concurrent writers need no more than the upserts' row locks and cannot deadlock
-- on them.
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "route_trips_rollup_add"(batch "route_trip_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(batch), 0) = 0 THEN
    RETURN;
  END IF;
  WITH changes AS (
    SELECT "trip_date", "route_id", "route_name", sum("trips") AS "trips", sum("boardings") AS "boardings",
      sum("alightings") AS "alightings", sum("no_shows") AS "no_shows", sum("wrong_bus") AS "wrong_bus",
      sum("unknown_tags") AS "unknown_tags"
    FROM unnest(batch) GROUP BY 1, 2, 3
    HAVING sum("trips") <> 0 OR sum("boardings") <> 0 OR sum("alightings") <> 0 OR sum("no_shows") <> 0
      OR sum("wrong_bus") <> 0 OR sum("unknown_tags") <> 0),
  days_done AS (
    INSERT INTO "route_trip_days" AS d ("trip_date", "route_id", "route_name", "trips", "boardings", "alightings",
        "no_shows", "wrong_bus", "unknown_tags")
      SELECT * FROM changes ORDER BY 1, 2, 3
    ON CONFLICT ("trip_date", "route_id", "route_name") DO UPDATE SET "trips" = d."trips" + excluded."trips",
      "boardings" = d."boardings" + excluded."boardings", "alightings" = d."alightings" + excluded."alightings",
      "no_shows" = d."no_shows" + excluded."no_shows", "wrong_bus" = d."wrong_bus" + excluded."wrong_bus",
      "unknown_tags" = d."unknown_tags" + excluded."unknown_tags"
    RETURNING 1)
  -- A trip has one day, so its week's row gets exactly what its day's row got.
  INSERT INTO "route_trip_weeks" AS w ("week_start", "route_id", "route_name", "trips", "boardings", "alightings",
      "no_shows", "wrong_bus", "unknown_tags")
    SELECT "iso_week_start"("trip_date"), "route_id", "route_name", sum("trips"), sum("boardings"), sum("alightings"),
      sum("no_shows"), sum("wrong_bus"), sum("unknown_tags")
    -- Reading days_done first makes every writer upsert its days before its weeks: no lock-order cycle.
    FROM changes WHERE (SELECT count(*) FROM days_done) >= 0
    GROUP BY 1, 2, 3
    HAVING sum("trips") <> 0 OR sum("boardings") <> 0 OR sum("alightings") <> 0 OR sum("no_shows") <> 0
      OR sum("wrong_bus") <> 0 OR sum("unknown_tags") <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT ("week_start", "route_id", "route_name") DO UPDATE SET "trips" = w."trips" + excluded."trips",
    "boardings" = w."boardings" + excluded."boardings", "alightings" = w."alightings" + excluded."alightings",
    "no_shows" = w."no_shows" + excluded."no_shows", "wrong_bus" = w."wrong_bus" + excluded."wrong_bus",
    "unknown_tags" = w."unknown_tags" + excluded."unknown_tags";
END $$;
--> statement-breakpoint
-- Adds started trips and km (negative to take away) to the vehicle's day and week, as route_trips_rollup_add does.
-- A week also counts the days its vehicle was in use: a day row whose trips went from none to some (or back) adds
-- (or takes) one. The day upsert answers each row as it now is, so "before" is that minus what was just added, exact
-- whatever other writers committed first.
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "vehicle_trips_rollup_add"(batch "vehicle_trip_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(batch), 0) = 0 THEN
    RETURN;
  END IF;
  WITH changes AS (
    SELECT "trip_date", "vehicle_id", "plate", sum("trips")::int AS "trips", sum("km") AS "km"
    FROM unnest(batch) GROUP BY 1, 2, 3 HAVING sum("trips") <> 0 OR sum("km") <> 0),
  days_done AS (
    INSERT INTO "vehicle_trip_days" AS d ("trip_date", "vehicle_id", "plate", "trips", "km")
      SELECT * FROM changes ORDER BY 1, 2, 3
    ON CONFLICT ("trip_date", "vehicle_id", "plate") DO UPDATE SET "trips" = d."trips" + excluded."trips",
      "km" = d."km" + excluded."km"
    RETURNING d."trip_date", d."vehicle_id", d."plate", d."trips")
  INSERT INTO "vehicle_trip_weeks" AS w ("week_start", "vehicle_id", "plate", "trips", "km", "days")
    SELECT "iso_week_start"(c."trip_date"), c."vehicle_id", c."plate", sum(c."trips"), sum(c."km"),
      sum((n."trips" > 0)::int - (n."trips" - c."trips" > 0)::int)
    -- A key is a vehicle id and no plate, or no id and a plate (trips.vehicle_plate is never null): these
    -- coalesces keep keys apart and let the join hash (a day of a large fleet is thousands of rows).
    FROM changes c JOIN days_done n ON n."trip_date" = c."trip_date"
      AND coalesce(n."vehicle_id", '00000000-0000-0000-0000-000000000000') = coalesce(c."vehicle_id", '00000000-0000-0000-0000-000000000000')
      AND coalesce(n."plate", '') = coalesce(c."plate", '')
    GROUP BY 1, 2, 3
    HAVING sum(c."trips") <> 0 OR sum(c."km") <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT ("week_start", "vehicle_id", "plate") DO UPDATE SET "trips" = w."trips" + excluded."trips",
    "km" = w."km" + excluded."km", "days" = w."days" + excluded."days";
END $$;
--> statement-breakpoint
-- A trip's scan counts written (scans added, removed or changed): what changed, at the trip's day and route if it
-- ran. The trips are locked first (in id order), as trip_stop_riders_rollup_days does, so a trip's day, route or status
-- changing at the same moment either sees these counts or is seen by them. A deleted trip's row (the cascade) finds
-- no trip left: its counts left before it was deleted (trips_rollup_trips_delete).
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "trip_ridership_counts_rollup_routes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "trip_ridership_counts"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT i FROM inserted i
      WHERE i."boardings" <> 0 OR i."alightings" <> 0 OR i."no_shows" <> 0 OR i."wrong_bus" <> 0 OR i."unknown_tags" <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT ROW(d."trip_id", -d."boardings", -d."alightings", -d."no_shows", -d."wrong_bus",
        -d."unknown_tags")::"trip_ridership_counts" FROM deleted d
      WHERE d."boardings" <> 0 OR d."alightings" <> 0 OR d."no_shows" <> 0 OR d."wrong_bus" <> 0 OR d."unknown_tags" <> 0);
  ELSE
    changed := ARRAY(SELECT ROW(i."trip_id", i."boardings" - d."boardings", i."alightings" - d."alightings",
        i."no_shows" - d."no_shows", i."wrong_bus" - d."wrong_bus", i."unknown_tags" - d."unknown_tags")::"trip_ridership_counts"
      FROM inserted i JOIN deleted d ON d."trip_id" = i."trip_id"
      WHERE (i."boardings", i."alightings", i."no_shows", i."wrong_bus", i."unknown_tags")
        IS DISTINCT FROM (d."boardings", d."alightings", d."no_shows", d."wrong_bus", d."unknown_tags"));
  END IF;
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "trips" t JOIN unnest(changed) c ON c."trip_id" = t."id" ORDER BY t."id" FOR NO KEY UPDATE OF t;
  PERFORM "route_trips_rollup_add"(ARRAY(
    SELECT ROW(t."trip_date", t."route_id", t."route_name", 0, sum(c."boardings"), sum(c."alightings"),
      sum(c."no_shows"), sum(c."wrong_bus"), sum(c."unknown_tags"))::"route_trip_change"
    FROM unnest(changed) c JOIN "trips" t ON t."id" = c."trip_id" AND t."status" <> 'CANCELLED'
    GROUP BY t."trip_date", t."route_id", t."route_name"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_ridership_counts_rollup_routes_insert" AFTER INSERT ON "trip_ridership_counts"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_ridership_counts_rollup_routes"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_ridership_counts_rollup_routes_update" AFTER UPDATE ON "trip_ridership_counts"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_ridership_counts_rollup_routes"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_ridership_counts_rollup_routes_delete" AFTER DELETE ON "trip_ridership_counts"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_ridership_counts_rollup_routes"();
--> statement-breakpoint
-- A trip's distance written (fixes added, removed or changed: the triggers on vehicle_positions): what changed,
-- at the trip's day and vehicle if it started. Trips locked first, as above.
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "trip_distances_rollup_vehicles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "trip_distances"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT i FROM inserted i WHERE i."km" <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT ROW(d."trip_id", -d."km")::"trip_distances" FROM deleted d WHERE d."km" <> 0);
  ELSE
    changed := ARRAY(SELECT ROW(i."trip_id", i."km" - d."km")::"trip_distances"
      FROM inserted i JOIN deleted d ON d."trip_id" = i."trip_id" WHERE i."km" <> d."km");
  END IF;
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "trips" t JOIN unnest(changed) c ON c."trip_id" = t."id" ORDER BY t."id" FOR NO KEY UPDATE OF t;
  PERFORM "vehicle_trips_rollup_add"(ARRAY(
    SELECT ROW(t."trip_date", t."vehicle_id", CASE WHEN t."vehicle_id" IS NULL THEN t."vehicle_plate" END, 0,
      sum(c."km"))::"vehicle_trip_change"
    FROM unnest(changed) c JOIN "trips" t ON t."id" = c."trip_id" AND t."started_at" IS NOT NULL
    GROUP BY t."trip_date", t."vehicle_id", CASE WHEN t."vehicle_id" IS NULL THEN t."vehicle_plate" END));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_distances_rollup_vehicles_insert" AFTER INSERT ON "trip_distances"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_distances_rollup_vehicles"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_distances_rollup_vehicles_update" AFTER UPDATE ON "trip_distances"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_distances_rollup_vehicles"();
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trip_distances_rollup_vehicles_delete" AFTER DELETE ON "trip_distances"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_distances_rollup_vehicles"();
--> statement-breakpoint
-- New trips: each that runs counts once on its route and day, each started one on its vehicle and day. A trip has
-- no scan counts or distance yet (their rows point to it, so they come after it).
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_trips_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "route_trips_rollup_add"(ARRAY(
    SELECT ROW(i."trip_date", i."route_id", i."route_name", count(*), 0, 0, 0, 0, 0)::"route_trip_change"
    FROM inserted i WHERE i."status" <> 'CANCELLED' GROUP BY i."trip_date", i."route_id", i."route_name"));
  PERFORM "vehicle_trips_rollup_add"(ARRAY(
    SELECT ROW(i."trip_date", i."vehicle_id", CASE WHEN i."vehicle_id" IS NULL THEN i."vehicle_plate" END, count(*),
      0)::"vehicle_trip_change"
    FROM inserted i WHERE i."started_at" IS NOT NULL
    GROUP BY i."trip_date", i."vehicle_id", CASE WHEN i."vehicle_id" IS NULL THEN i."vehicle_plate" END));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_trips_insert" AFTER INSERT ON "trips"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_trips_insert"();
--> statement-breakpoint
-- Trips whose day, route, route name or cancellation changed (a deleted route sets its trips' route to null) move
-- with their scan counts; those whose day, vehicle, copied plate (once the vehicle is deleted) or start changed move
-- with their distance. Taken away as they were, added as they are.
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_trips_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "route_trips_rollup_add"(ARRAY(
    SELECT ROW(x."trip_date", x."route_id", x."route_name", sum(x."sign"), sum(x."sign" * coalesce(c."boardings", 0)),
      sum(x."sign" * coalesce(c."alightings", 0)), sum(x."sign" * coalesce(c."no_shows", 0)),
      sum(x."sign" * coalesce(c."wrong_bus", 0)), sum(x."sign" * coalesce(c."unknown_tags", 0)))::"route_trip_change"
    FROM (
      SELECT -1 AS "sign", d."id", d."trip_date", d."route_id", d."route_name", d."status" FROM deleted d
        JOIN inserted i ON i."id" = d."id"
        WHERE (d."trip_date", d."route_id", d."route_name", d."status" = 'CANCELLED')
          IS DISTINCT FROM (i."trip_date", i."route_id", i."route_name", i."status" = 'CANCELLED')
      UNION ALL
      SELECT 1, i."id", i."trip_date", i."route_id", i."route_name", i."status" FROM inserted i
        JOIN deleted d ON d."id" = i."id"
        WHERE (d."trip_date", d."route_id", d."route_name", d."status" = 'CANCELLED')
          IS DISTINCT FROM (i."trip_date", i."route_id", i."route_name", i."status" = 'CANCELLED')) x
    LEFT JOIN "trip_ridership_counts" c ON c."trip_id" = x."id"
    WHERE x."status" <> 'CANCELLED'
    GROUP BY x."trip_date", x."route_id", x."route_name"));
  PERFORM "vehicle_trips_rollup_add"(ARRAY(
    SELECT ROW(x."trip_date", x."vehicle_id", x."plate", sum(x."sign"),
      sum(x."sign" * coalesce(k."km", 0)))::"vehicle_trip_change"
    FROM (
      SELECT -1 AS "sign", d."id", d."trip_date", d."vehicle_id",
          CASE WHEN d."vehicle_id" IS NULL THEN d."vehicle_plate" END AS "plate", d."started_at" FROM deleted d
        JOIN inserted i ON i."id" = d."id"
        WHERE (d."trip_date", d."vehicle_id", CASE WHEN d."vehicle_id" IS NULL THEN d."vehicle_plate" END, d."started_at" IS NULL)
          IS DISTINCT FROM (i."trip_date", i."vehicle_id", CASE WHEN i."vehicle_id" IS NULL THEN i."vehicle_plate" END, i."started_at" IS NULL)
      UNION ALL
      SELECT 1, i."id", i."trip_date", i."vehicle_id", CASE WHEN i."vehicle_id" IS NULL THEN i."vehicle_plate" END,
          i."started_at" FROM inserted i
        JOIN deleted d ON d."id" = i."id"
        WHERE (d."trip_date", d."vehicle_id", CASE WHEN d."vehicle_id" IS NULL THEN d."vehicle_plate" END, d."started_at" IS NULL)
          IS DISTINCT FROM (i."trip_date", i."vehicle_id", CASE WHEN i."vehicle_id" IS NULL THEN i."vehicle_plate" END, i."started_at" IS NULL)) x
    LEFT JOIN "trip_distances" k ON k."trip_id" = x."id"
    WHERE x."started_at" IS NOT NULL
    GROUP BY x."trip_date", x."vehicle_id", x."plate"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_trips_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_trips_update"();
--> statement-breakpoint
-- A trip about to be deleted: it and its counts and distance leave now, while it still says where they were counted
-- (its trip_ridership_counts and trip_distances rows go by cascade after it is gone).
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_trips_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'CANCELLED' THEN
    PERFORM "route_trips_rollup_add"(ARRAY(
      SELECT ROW(OLD."trip_date", OLD."route_id", OLD."route_name", -1, -coalesce(c."boardings", 0),
        -coalesce(c."alightings", 0), -coalesce(c."no_shows", 0), -coalesce(c."wrong_bus", 0),
        -coalesce(c."unknown_tags", 0))::"route_trip_change"
      FROM (SELECT OLD."id") o("id") LEFT JOIN "trip_ridership_counts" c ON c."trip_id" = o."id"));
  END IF;
  IF OLD."started_at" IS NOT NULL THEN
    PERFORM "vehicle_trips_rollup_add"(ARRAY(
      SELECT ROW(OLD."trip_date", OLD."vehicle_id", CASE WHEN OLD."vehicle_id" IS NULL THEN OLD."vehicle_plate" END, -1,
        -coalesce(k."km", 0))::"vehicle_trip_change"
      FROM (SELECT OLD."id") o("id") LEFT JOIN "trip_distances" k ON k."trip_id" = o."id"));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Last changed: 0025_trip-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_trips_delete" BEFORE DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "trips_rollup_trips_delete"();
