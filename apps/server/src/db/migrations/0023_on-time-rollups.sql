CREATE TABLE "on_time_rollup_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "on_time_rollup_settings_one_row" CHECK ("on_time_rollup_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "route_on_time_days" (
	"trip_date" date NOT NULL,
	"route_id" uuid,
	"route_name" text NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"early" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"delay_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "route_on_time_days_unique" UNIQUE NULLS NOT DISTINCT("trip_date","route_id","route_name")
);
--> statement-breakpoint
CREATE TABLE "stop_on_time_days" (
	"trip_date" date NOT NULL,
	"stop_id" uuid,
	"stop_name" text NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"early" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"delay_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_on_time_days_unique" UNIQUE NULLS NOT DISTINCT("trip_date","stop_id","stop_name")
);
--> statement-breakpoint
-- On-time rollups (decision 033, addendum 2). The on-time reports read one row per day and route (or per day and
-- stop) instead of a month of trip stops. As with 0021, triggers keep them in the same transaction as every write of
-- trip_stops and trips, so no code path can forget them. A stop arrival is counted when it has a planned time and
-- an arrival; on time within ±minutes (inclusive) of the one row of on_time_rollup_settings.
INSERT INTO "on_time_rollup_settings" ("minutes") VALUES (5);
--> statement-breakpoint
CREATE TYPE "on_time_arrival" AS ("sign" integer, "times" integer, "trip_id" uuid, "trip_date" date, "route_id" uuid,
  "route_name" text, "stop_id" uuid, "stop_name" text, "delay" float8);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) counted arrivals. Callers pass every counted arrival of the trips they
-- change, as they were before (-1) and as they are now (+1), so that `trips` (a trip counts once in each group where
-- it has an arrival) stays a count of distinct trips. `times` (1 or -1) lets a caller describe "before" as what is
-- there now minus what the statement wrote plus what it replaced, with no anti-join: an anti-join of a day's
-- generated stops against themselves was planned as a subplan rescanned per row. Keys in order: two writers cannot
-- deadlock on the upserts.
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
    RETURNING 1)
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
    "delay_seconds" = s."delay_seconds" + excluded."delay_seconds";
END $$;
--> statement-breakpoint
-- The counted arrivals of `stops` (rows of trip_stops) on their trips as they are now, signed.
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
-- A trip's day, route or route name changed (a deleted route sets its trips' route to null): its arrivals move.
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
-- A trip about to be deleted: its arrivals leave now, while its stops still say what they were.
CREATE OR REPLACE FUNCTION "trips_rollup_on_time_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "on_time_rollup_add"("on_time_arrivals_of"(-1, 1, ARRAY(
    SELECT ts FROM "trip_stops" ts WHERE ts."trip_id" = OLD."id" AND ts."planned_at" IS NOT NULL AND ts."arrived_at" IS NOT NULL)));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Counts everything again with another tolerance (the server calls it when REPORT_ON_TIME_MINUTES changed), a day
-- at a time. Writers of trips and stops wait until it commits, then count with the new tolerance.
CREATE OR REPLACE FUNCTION "rebuild_on_time_rollups"(tolerance_minutes integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  LOCK TABLE "trips", "trip_stops" IN SHARE MODE;
  UPDATE "on_time_rollup_settings" SET "minutes" = tolerance_minutes;
  DELETE FROM "route_on_time_days";
  DELETE FROM "stop_on_time_days";
  FOR day IN SELECT DISTINCT t."trip_date" FROM "trips" t ORDER BY 1 LOOP
    PERFORM "on_time_rollup_add"("on_time_arrivals_of"(1, 1, ARRAY(
      SELECT ts FROM "trips" t JOIN "trip_stops" ts ON ts."trip_id" = t."id"
      WHERE t."trip_date" = day AND ts."planned_at" IS NOT NULL AND ts."arrived_at" IS NOT NULL)));
  END LOOP;
END $$;
--> statement-breakpoint
-- 0021's distance trigger, with "is this fix new" as a join instead of an EXISTS per row of the stretch: that
-- EXISTS was a subplan reading the whole transition table for every fix, harmless for a driver's batch and hours for
-- a day of a 1M-student operator's fixes written at once (the history generator, a large import).
CREATE OR REPLACE FUNCTION "positions_rollup_distance_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "trip_distances" ("trip_id")
    SELECT DISTINCT "trip_id" FROM inserted WHERE "trip_id" IS NOT NULL ORDER BY 1
  ON CONFLICT ("trip_id") DO NOTHING;
  PERFORM 1 FROM "trip_distances" d WHERE d."trip_id" IN (SELECT "trip_id" FROM inserted) ORDER BY d."trip_id" FOR UPDATE;
  WITH firsts AS (
    SELECT DISTINCT ON ("trip_id") "trip_id", "recorded_at", "position_id" FROM inserted
    WHERE "trip_id" IS NOT NULL ORDER BY "trip_id", "recorded_at", "position_id"),
  starts AS (
    SELECT f."trip_id", coalesce(prev."recorded_at", f."recorded_at") AS "recorded_at",
      coalesce(prev."position_id", f."position_id") AS "position_id"
    FROM firsts f LEFT JOIN LATERAL (
      SELECT p."recorded_at", p."position_id" FROM "vehicle_positions" p
      WHERE p."trip_id" = f."trip_id" AND p."recorded_at" <= f."recorded_at"
        AND (p."recorded_at", p."position_id") < (f."recorded_at", f."position_id")
      ORDER BY p."recorded_at" DESC, p."position_id" DESC LIMIT 1) prev ON true),
  stretch AS (
    SELECT p."trip_id", p."lat", p."lng", p."recorded_at", p."position_id", i."position_id" IS NOT NULL AS "is_new"
    FROM starts s JOIN "vehicle_positions" p ON p."trip_id" = s."trip_id" AND p."recorded_at" >= s."recorded_at"
      AND (p."recorded_at", p."position_id") >= (s."recorded_at", s."position_id")
    LEFT JOIN inserted i ON i."position_id" = p."position_id"),
  every_leg AS (
    SELECT "trip_id", "lat", "lng", lag("lat") OVER w AS "prev_lat", lag("lng") OVER w AS "prev_lng"
    FROM stretch WINDOW w AS (PARTITION BY "trip_id" ORDER BY "recorded_at", "position_id")),
  old_leg AS (
    SELECT "trip_id", "lat", "lng", lag("lat") OVER w AS "prev_lat", lag("lng") OVER w AS "prev_lng"
    FROM stretch WHERE NOT "is_new" WINDOW w AS (PARTITION BY "trip_id" ORDER BY "recorded_at", "position_id")),
  added AS (
    SELECT "trip_id", sum(km) AS km FROM (
      SELECT "trip_id", great_circle_km("prev_lat", "prev_lng", "lat", "lng") AS km FROM every_leg WHERE "prev_lat" IS NOT NULL
      UNION ALL
      SELECT "trip_id", -great_circle_km("prev_lat", "prev_lng", "lat", "lng") FROM old_leg WHERE "prev_lat" IS NOT NULL) legs
    GROUP BY "trip_id")
  UPDATE "trip_distances" d SET "km" = d."km" + added.km FROM added WHERE d."trip_id" = added."trip_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trip_stops_rollup_on_time_insert" AFTER INSERT ON "trip_stops"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
CREATE TRIGGER "trip_stops_rollup_on_time_update" AFTER UPDATE ON "trip_stops"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
CREATE TRIGGER "trip_stops_rollup_on_time_delete" AFTER DELETE ON "trip_stops"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stops_rollup_on_time"();
--> statement-breakpoint
CREATE TRIGGER "trips_rollup_on_time_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_on_time_update"();
--> statement-breakpoint
CREATE TRIGGER "trips_rollup_on_time_delete" BEFORE DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "trips_rollup_on_time_delete"();
--> statement-breakpoint
SELECT "rebuild_on_time_rollups"(5);
