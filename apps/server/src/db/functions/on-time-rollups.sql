-- On-time rollups (decision 033, addendum 2; weeks: decision 043). The on-time reports read route_on_time_days,
-- stop_on_time_days and stop_on_time_weeks instead of a month of trip stops. Triggers on trip_stops and trips keep them
-- in the same transaction as every write, so no code path can forget them. A stop arrival is counted when it has a
-- planned time and an arrival; on time within ±minutes (inclusive) of the one row of on_time_rollup_settings. The
-- composite type on_time_arrival, a counted arrival, is made by 0023_on-time-rollups.sql.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Adds (sign 1) or takes away (sign -1) counted arrivals: route days, then stop days, then stop weeks (every writer
-- takes the row locks in that order, keys in order within each: no lock-order cycle). Callers pass every counted
-- arrival of the trips they change, as they were before (-1) and as they are now (+1), so that `trips` (a trip counts
-- once in each group where it has an arrival) stays a count of distinct trips. `times` (1 or -1) lets a caller
-- describe "before" as what is there now minus what the statement wrote plus what it replaced, with no anti-join: an
-- anti-join of a day's generated stops against themselves was planned as a subplan rescanned per row.
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "on_time_rollup_add"(batch "on_time_arrival"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tolerance float8 := (SELECT "minutes" * 60 FROM "on_time_rollup_settings");
BEGIN
  IF coalesce(cardinality(batch), 0) = 0 THEN
    RETURN;
  END IF;
  WITH per_trip AS (
    SELECT "sign", "trip_id", "trip_date", "route_id", "route_name", "stop_id", "stop_name", sum("times") AS "arrivals",
      coalesce(sum("times") FILTER (WHERE abs("delay") <= tolerance), 0) AS "on_time",
      coalesce(sum("times") FILTER (WHERE "delay" < -tolerance), 0) AS "early",
      coalesce(sum("times") FILTER (WHERE "delay" > tolerance), 0) AS "late", sum("times" * "delay") AS "delay_seconds"
    FROM unnest(batch) GROUP BY 1, 2, 3, 4, 5, 6, 7),
  per_route AS (
    SELECT "sign", "trip_id", "trip_date", "route_id", "route_name", sum("arrivals") AS "arrivals",
      sum("on_time") AS "on_time", sum("early") AS "early", sum("late") AS "late", sum("delay_seconds") AS "delay_seconds"
    FROM per_trip GROUP BY 1, 2, 3, 4, 5),
  routes_done AS (
    INSERT INTO "route_on_time_days" AS r ("trip_date", "route_id", "route_name", "trips", "arrivals", "on_time",
        "early", "late", "delay_seconds")
      SELECT "trip_date", "route_id", "route_name", sum("sign" * sign("arrivals")), sum("sign" * "arrivals"), sum("sign" * "on_time"),
        sum("sign" * "early"), sum("sign" * "late"), sum("sign" * "delay_seconds")
      FROM per_route GROUP BY 1, 2, 3
      HAVING sum("sign" * sign("arrivals")) <> 0 OR sum("sign" * "arrivals") <> 0 OR sum("sign" * "on_time") <> 0 OR sum("sign" * "late") <> 0
        OR sum("sign" * "delay_seconds") <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT ("trip_date", "route_id", "route_name") DO UPDATE SET "trips" = r."trips" + excluded."trips",
      "arrivals" = r."arrivals" + excluded."arrivals", "on_time" = r."on_time" + excluded."on_time",
      "early" = r."early" + excluded."early", "late" = r."late" + excluded."late",
      "delay_seconds" = r."delay_seconds" + excluded."delay_seconds"
    RETURNING 1),
  stops_done AS (
    INSERT INTO "stop_on_time_days" AS s ("trip_date", "stop_id", "stop_name", "trips", "arrivals", "on_time", "early",
        "late", "delay_seconds")
      SELECT "trip_date", "stop_id", "stop_name", sum("sign" * sign("arrivals")), sum("sign" * "arrivals"), sum("sign" * "on_time"),
        sum("sign" * "early"), sum("sign" * "late"), sum("sign" * "delay_seconds")
      -- Reading routes_done first makes every writer upsert its route rows before its stop rows: no lock-order cycle.
      FROM per_trip WHERE (SELECT count(*) FROM routes_done) >= 0 GROUP BY 1, 2, 3
      HAVING sum("sign" * sign("arrivals")) <> 0 OR sum("sign" * "arrivals") <> 0 OR sum("sign" * "on_time") <> 0 OR sum("sign" * "late") <> 0
        OR sum("sign" * "delay_seconds") <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT ("trip_date", "stop_id", "stop_name") DO UPDATE SET "trips" = s."trips" + excluded."trips",
      "arrivals" = s."arrivals" + excluded."arrivals", "on_time" = s."on_time" + excluded."on_time",
      "early" = s."early" + excluded."early", "late" = s."late" + excluded."late",
      "delay_seconds" = s."delay_seconds" + excluded."delay_seconds"
    RETURNING 1)
  -- A trip has one day, so its week's row gets exactly what its day's row got (trips included).
  INSERT INTO "stop_on_time_weeks" AS w ("week_start", "stop_id", "stop_name", "trips", "arrivals", "on_time", "early",
      "late", "delay_seconds")
    SELECT "iso_week_start"("trip_date"), "stop_id", "stop_name", sum("sign" * sign("arrivals")), sum("sign" * "arrivals"),
      sum("sign" * "on_time"), sum("sign" * "early"), sum("sign" * "late"), sum("sign" * "delay_seconds")
    FROM per_trip WHERE (SELECT count(*) FROM stops_done) >= 0 GROUP BY 1, 2, 3
    HAVING sum("sign" * sign("arrivals")) <> 0 OR sum("sign" * "arrivals") <> 0 OR sum("sign" * "on_time") <> 0 OR sum("sign" * "late") <> 0
      OR sum("sign" * "delay_seconds") <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT ("week_start", "stop_id", "stop_name") DO UPDATE SET "trips" = w."trips" + excluded."trips",
    "arrivals" = w."arrivals" + excluded."arrivals", "on_time" = w."on_time" + excluded."on_time",
    "early" = w."early" + excluded."early", "late" = w."late" + excluded."late",
    "delay_seconds" = w."delay_seconds" + excluded."delay_seconds";
END $$;
--> statement-breakpoint
-- The counted arrivals of `stops` (rows of trip_stops) on their trips as they are now, signed.
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE FUNCTION "on_time_arrivals_of"(direction integer, times integer, stops "trip_stops"[])
RETURNS "on_time_arrival"[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT ROW(direction, times, t."id", t."trip_date", t."route_id", t."route_name", s."stop_id", s."name",
      extract(epoch FROM s."arrived_at" - s."planned_at")::float8)::"on_time_arrival"
    FROM unnest(stops) s JOIN "trips" t ON t."id" = s."trip_id"
    WHERE s."planned_at" IS NOT NULL AND s."arrived_at" IS NOT NULL)
$$;
--> statement-breakpoint
-- Stops written: the trips they belong to are taken away as they were and added as they are. Only what is counted
-- matters (each position batch rewrites arrived_at with last_near_at, mostly to the same value).
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE FUNCTION "trip_stops_rollup_on_time"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_rows "trip_stops"[] := '{}';
  old_rows "trip_stops"[] := '{}';
  current_rows "trip_stops"[];
  changed uuid[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_rows := ARRAY(SELECT i FROM inserted i);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_rows := ARRAY(SELECT d FROM deleted d);
  END IF;
  changed := ARRAY(SELECT DISTINCT "trip_id" FROM (
    (SELECT "trip_id", "position", "stop_id", "name", "planned_at", "arrived_at" FROM unnest(new_rows)
      WHERE "planned_at" IS NOT NULL AND "arrived_at" IS NOT NULL
     EXCEPT ALL
     SELECT "trip_id", "position", "stop_id", "name", "planned_at", "arrived_at" FROM unnest(old_rows)
      WHERE "planned_at" IS NOT NULL AND "arrived_at" IS NOT NULL)
    UNION ALL
    (SELECT "trip_id", "position", "stop_id", "name", "planned_at", "arrived_at" FROM unnest(old_rows)
      WHERE "planned_at" IS NOT NULL AND "arrived_at" IS NOT NULL
     EXCEPT ALL
     SELECT "trip_id", "position", "stop_id", "name", "planned_at", "arrived_at" FROM unnest(new_rows)
      WHERE "planned_at" IS NOT NULL AND "arrived_at" IS NOT NULL)) c ORDER BY 1);
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  -- Two writers of one trip's stops: the second waits here, then reads the first one's committed stops as "before".
  -- Joins on unnest(changed), not "= ANY (changed)": a day of generated stops changes 30k trips, and "= ANY" in a
  -- scan's filter searches the array for every row.
  PERFORM 1 FROM "trips" t JOIN unnest(changed) c("id") ON c."id" = t."id" ORDER BY t."id" FOR NO KEY UPDATE OF t;
  -- Before: the trips' stops now, minus the rows this statement wrote, plus those it replaced or removed (rows of
  -- trips whose counted stops did not change cancel out). A deleted trip's stops (the cascade) have no trip left to
  -- join: its arrivals left before it was deleted (trips_rollup_on_time_delete).
  current_rows := ARRAY(SELECT ts FROM "trip_stops" ts JOIN unnest(changed) c("id") ON c."id" = ts."trip_id");
  PERFORM "on_time_rollup_add"("on_time_arrivals_of"(-1, 1, current_rows) || "on_time_arrivals_of"(-1, -1, new_rows)
    || "on_time_arrivals_of"(-1, 1, old_rows) || "on_time_arrivals_of"(1, 1, current_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stops_rollup_on_time_insert" AFTER INSERT ON "trip_stops"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stops_rollup_on_time_update" AFTER UPDATE ON "trip_stops"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE TRIGGER "trip_stops_rollup_on_time_delete" AFTER DELETE ON "trip_stops"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
-- A trip's day, route or route name changed (a deleted route sets its trips' route to null): its arrivals move.
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_on_time_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "on_time_rollup_add"(ARRAY(
    SELECT ROW(x."sign", 1, x."id", x."trip_date", x."route_id", x."route_name", s."stop_id", s."name",
      extract(epoch FROM s."arrived_at" - s."planned_at")::float8)::"on_time_arrival"
    FROM (SELECT -1 AS "sign", d."id", d."trip_date", d."route_id", d."route_name" FROM deleted d
        JOIN inserted i ON i."id" = d."id"
        WHERE (d."trip_date", d."route_id", d."route_name") IS DISTINCT FROM (i."trip_date", i."route_id", i."route_name")
      UNION ALL
      SELECT 1, i."id", i."trip_date", i."route_id", i."route_name" FROM inserted i
        JOIN deleted d ON d."id" = i."id"
        WHERE (d."trip_date", d."route_id", d."route_name") IS DISTINCT FROM (i."trip_date", i."route_id", i."route_name")) x
    JOIN "trip_stops" s ON s."trip_id" = x."id"
    WHERE s."planned_at" IS NOT NULL AND s."arrived_at" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_on_time_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_on_time_update"();
--> statement-breakpoint
-- A trip about to be deleted: its arrivals leave now, while its stops still say what they were.
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE FUNCTION "trips_rollup_on_time_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "on_time_rollup_add"("on_time_arrivals_of"(-1, 1, ARRAY(
    SELECT ts FROM "trip_stops" ts WHERE ts."trip_id" = OLD."id" AND ts."planned_at" IS NOT NULL AND ts."arrived_at" IS NOT NULL)));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Last changed: 0023_on-time-rollups.sql
CREATE OR REPLACE TRIGGER "trips_rollup_on_time_delete" BEFORE DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "trips_rollup_on_time_delete"();
--> statement-breakpoint
-- Counts everything again with another tolerance (the server calls it when REPORT_ON_TIME_MINUTES changed), a day at a
-- time, days and weeks. Writers of trips and stops wait until it commits, then count with the new tolerance.
-- Last changed: 0024_week-rollups.sql
CREATE OR REPLACE FUNCTION "rebuild_on_time_rollups"(tolerance_minutes integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  LOCK TABLE "trips", "trip_stops" IN SHARE MODE;
  UPDATE "on_time_rollup_settings" SET "minutes" = tolerance_minutes;
  DELETE FROM "route_on_time_days";
  DELETE FROM "stop_on_time_days";
  DELETE FROM "stop_on_time_weeks";
  FOR day IN SELECT DISTINCT t."trip_date" FROM "trips" t ORDER BY 1 LOOP
    PERFORM "on_time_rollup_add"("on_time_arrivals_of"(1, 1, ARRAY(
      SELECT ts FROM "trips" t JOIN "trip_stops" ts ON ts."trip_id" = t."id"
      WHERE t."trip_date" = day AND ts."planned_at" IS NOT NULL AND ts."arrived_at" IS NOT NULL)));
  END LOOP;
END $$;
