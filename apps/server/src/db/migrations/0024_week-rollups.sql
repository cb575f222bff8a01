CREATE TABLE "stop_on_time_weeks" (
	"week_start" date NOT NULL,
	"stop_id" uuid,
	"stop_name" text NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"early" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"delay_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_on_time_weeks_unique" UNIQUE NULLS NOT DISTINCT("week_start","stop_id","stop_name")
);
--> statement-breakpoint
CREATE TABLE "stop_rider_days" (
	"trip_date" date NOT NULL,
	"stop_id" uuid,
	"type" "trip_type" NOT NULL,
	"riders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_rider_days_unique" UNIQUE NULLS NOT DISTINCT("trip_date","stop_id","type")
);
--> statement-breakpoint
CREATE TABLE "stop_rider_weeks" (
	"week_start" date NOT NULL,
	"stop_id" uuid,
	"type" "trip_type" NOT NULL,
	"riders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_rider_weeks_unique" UNIQUE NULLS NOT DISTINCT("week_start","stop_id","type")
);
--> statement-breakpoint
-- Week rollups (decision 043). At a million children a month of the per-stop reports is about 2.1M stop-day rows
-- (on time) and 4M trip-and-stop rows (ridership); the reports now read the ISO weeks lying wholly inside their range
-- and the days only at its edges. Weeks are kept in the same statements as the days, by the same triggers, so a
-- week is always the sum of its days. Ridership per stop gets its day rollup here too (from trip_stop_riders).

-- The Monday of a day's ISO week, as date arithmetic (date_trunc('week', …) goes through timestamptz and the
-- session's time zone).
CREATE OR REPLACE FUNCTION "iso_week_start"(day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT day - (extract(isodow FROM day)::int - 1)
$$;
--> statement-breakpoint
-- 0023's function, now also upserting the stop's week after its day (routes, then stop days, then stop weeks: every
-- writer takes the row locks in that order, keys in order within each, so no lock-order cycle).
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
-- 0023's rebuild, emptying the weeks too (on_time_rollup_add fills them again with the days).
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
--> statement-breakpoint
CREATE TYPE "stop_rider_change" AS ("trip_date" date, "stop_id" uuid, "type" "trip_type", "riders" integer);
--> statement-breakpoint
-- Adds rides (riders may be negative) to the stop's day and week, days first then weeks, keys in order: counting
-- is commutative, so concurrent writers need no more than the upserts' row locks and cannot deadlock on them.
CREATE OR REPLACE FUNCTION "stop_riders_rollup_add"(batch "stop_rider_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(batch), 0) = 0 THEN
    RETURN;
  END IF;
  WITH days_done AS (
    INSERT INTO "stop_rider_days" AS d ("trip_date", "stop_id", "type", "riders")
      SELECT "trip_date", "stop_id", "type", sum("riders") FROM unnest(batch)
      GROUP BY 1, 2, 3 HAVING sum("riders") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("trip_date", "stop_id", "type") DO UPDATE SET "riders" = d."riders" + excluded."riders"
    RETURNING 1)
  INSERT INTO "stop_rider_weeks" AS w ("week_start", "stop_id", "type", "riders")
    SELECT "iso_week_start"("trip_date"), "stop_id", "type", sum("riders") FROM unnest(batch)
    WHERE (SELECT count(*) FROM days_done) >= 0
    GROUP BY 1, 2, 3 HAVING sum("riders") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("week_start", "stop_id", "type") DO UPDATE SET "riders" = w."riders" + excluded."riders";
END $$;
--> statement-breakpoint
-- Rows of trip_stop_riders written (scans, a child's stop changed, a child deleted): what changed per trip and stop,
-- at the trip's day and run. The trips are locked first (in id order), as the on-time trigger does, so a trip's day
-- changing at the same moment either sees these rides or is seen by them. A deleted trip's rows (the cascade) find no
-- trip left: its rides left before it was deleted (trips_rollup_riders_delete).
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
-- A trip's day or run changed: its rides move.
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
-- A trip about to be deleted: its rides leave now, while the trip still says which day and run they were on (its
-- trip_stop_riders rows go by cascade after the trip row is gone, when no trigger can find the day any more).
CREATE OR REPLACE FUNCTION "trips_rollup_riders_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "stop_riders_rollup_add"(ARRAY(
    SELECT ROW(OLD."trip_date", r."stop_id", OLD."type", -r."riders")::"stop_rider_change"
    FROM "trip_stop_riders" r WHERE r."trip_id" = OLD."id" AND r."riders" <> 0));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trip_stop_riders_rollup_days_insert" AFTER INSERT ON "trip_stop_riders"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
CREATE TRIGGER "trip_stop_riders_rollup_days_update" AFTER UPDATE ON "trip_stop_riders"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
CREATE TRIGGER "trip_stop_riders_rollup_days_delete" AFTER DELETE ON "trip_stop_riders"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "trip_stop_riders_rollup_days"();
--> statement-breakpoint
CREATE TRIGGER "trips_rollup_riders_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "trips_rollup_riders_update"();
--> statement-breakpoint
CREATE TRIGGER "trips_rollup_riders_delete" BEFORE DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "trips_rollup_riders_delete"();
--> statement-breakpoint
-- Backfill, set-based, one statement per table (at 1M children: a few million day rows in, a fifth of them out).
INSERT INTO "stop_on_time_weeks" ("week_start", "stop_id", "stop_name", "trips", "arrivals", "on_time", "early", "late",
    "delay_seconds")
  SELECT "iso_week_start"("trip_date"), "stop_id", "stop_name", sum("trips"), sum("arrivals"), sum("on_time"), sum("early"),
    sum("late"), sum("delay_seconds")
  FROM "stop_on_time_days" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stop_rider_days" ("trip_date", "stop_id", "type", "riders")
  SELECT t."trip_date", r."stop_id", t."type", sum(r."riders")
  FROM "trip_stop_riders" r JOIN "trips" t ON t."id" = r."trip_id"
  GROUP BY 1, 2, 3 HAVING sum(r."riders") <> 0;
--> statement-breakpoint
INSERT INTO "stop_rider_weeks" ("week_start", "stop_id", "type", "riders")
  SELECT "iso_week_start"("trip_date"), "stop_id", "type", sum("riders") FROM "stop_rider_days" GROUP BY 1, 2, 3;
