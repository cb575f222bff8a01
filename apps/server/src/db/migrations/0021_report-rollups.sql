CREATE TABLE "trip_distances" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"km" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_ridership_counts" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"boardings" integer DEFAULT 0 NOT NULL,
	"alightings" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"wrong_bus" integer DEFAULT 0 NOT NULL,
	"unknown_tags" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_stop_riders" (
	"trip_id" uuid NOT NULL,
	"stop_id" uuid,
	"riders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trip_stop_riders_trip_stop_unique" UNIQUE NULLS NOT DISTINCT("trip_id","stop_id")
);
--> statement-breakpoint
ALTER TABLE "trip_distances" ADD CONSTRAINT "trip_distances_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_ridership_counts" ADD CONSTRAINT "trip_ridership_counts_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stop_riders" ADD CONSTRAINT "trip_stop_riders_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Report rollups (decision 033, addendum). The reports read one row per trip (and per trip and stop) instead of a
-- month of scans and positions. Triggers keep them in the same transaction as every write they summarise, so no
-- code path can forget them; statement-level with transition tables, so a batch of scans costs one upsert.

-- The great-circle distance the vehicle-use report has always used (mean Earth radius 6371.0088 km).
CREATE OR REPLACE FUNCTION "great_circle_km"(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;
--> statement-breakpoint
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
-- A ride of the stop report: a morning boarding or an afternoon alighting of a known child, counted at the stop the
-- child is given for that run now (none: a null stop). Each writer first locks the children it touches (in id order,
-- so two writers cannot deadlock), and the counting statement after it sees what the other committed: a scan and a
-- new stop for the same child at the same moment cannot both miss each other.
CREATE OR REPLACE FUNCTION "ridership_rollup_stop_riders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "students" s
      WHERE s."id" IN (SELECT "student_id" FROM inserted WHERE "kind" IN ('BOARD', 'ALIGHT'))
      ORDER BY s."id" FOR NO KEY UPDATE;
    INSERT INTO "trip_stop_riders" AS r ("trip_id", "stop_id", "riders")
      SELECT e."trip_id", ss."stop_id", count(*)
      FROM inserted e
      JOIN "trips" t ON t."id" = e."trip_id"
        AND e."kind" = (CASE WHEN t."type" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
      LEFT JOIN "student_stops" ss ON ss."student_id" = e."student_id" AND ss."run" = t."type"
      WHERE e."student_id" IS NOT NULL
      GROUP BY e."trip_id", ss."stop_id" ORDER BY 1, 2
    ON CONFLICT ("trip_id", "stop_id") DO UPDATE SET "riders" = r."riders" + excluded."riders";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    -- Rows of a child who no longer exists are skipped: their rides were taken off before the child was deleted
    -- (students_rollup_stop_riders), whichever of the cascades (their stops, their scans' child) ran first.
    PERFORM 1 FROM "students" s
      WHERE s."id" IN (SELECT "student_id" FROM deleted WHERE "kind" IN ('BOARD', 'ALIGHT'))
      ORDER BY s."id" FOR NO KEY UPDATE;
    UPDATE "trip_stop_riders" r SET "riders" = r."riders" - d."n"
    FROM (SELECT e."trip_id", ss."stop_id", count(*) AS "n"
      FROM deleted e
      JOIN "students" s ON s."id" = e."student_id"
      JOIN "trips" t ON t."id" = e."trip_id"
        AND e."kind" = (CASE WHEN t."type" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
      LEFT JOIN "student_stops" ss ON ss."student_id" = e."student_id" AND ss."run" = t."type"
      GROUP BY e."trip_id", ss."stop_id") d
    WHERE r."trip_id" = d."trip_id" AND r."stop_id" IS NOT DISTINCT FROM d."stop_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A child's stop for a run changed: their rides on that run's trips move with it. A removed stop row hands the rides
-- to "none", an added one takes them from "none" (an update is both).
CREATE OR REPLACE FUNCTION "student_stops_rollup_riders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM "students" s WHERE s."id" IN (SELECT "student_id" FROM deleted) ORDER BY s."id" FOR NO KEY UPDATE;
    INSERT INTO "trip_stop_riders" AS r ("trip_id", "stop_id", "riders")
      SELECT e."trip_id", x."stop_id", sum(x."sign")
      FROM deleted d
      JOIN "students" s ON s."id" = d."student_id"
      CROSS JOIN LATERAL (VALUES (d."stop_id", -1), (NULL::uuid, 1)) x("stop_id", "sign")
      JOIN "ridership_events" e ON e."student_id" = d."student_id"
        AND e."kind" = (CASE WHEN d."run" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
      JOIN "trips" t ON t."id" = e."trip_id" AND t."type" = d."run"
      GROUP BY e."trip_id", x."stop_id" HAVING sum(x."sign") <> 0 ORDER BY 1, 2
    ON CONFLICT ("trip_id", "stop_id") DO UPDATE SET "riders" = r."riders" + excluded."riders";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "students" s WHERE s."id" IN (SELECT "student_id" FROM inserted) ORDER BY s."id" FOR NO KEY UPDATE;
    INSERT INTO "trip_stop_riders" AS r ("trip_id", "stop_id", "riders")
      SELECT e."trip_id", x."stop_id", sum(x."sign")
      FROM inserted i
      CROSS JOIN LATERAL (VALUES (NULL::uuid, -1), (i."stop_id", 1)) x("stop_id", "sign")
      JOIN "ridership_events" e ON e."student_id" = i."student_id"
        AND e."kind" = (CASE WHEN i."run" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
      JOIN "trips" t ON t."id" = e."trip_id" AND t."type" = i."run"
      GROUP BY e."trip_id", x."stop_id" HAVING sum(x."sign") <> 0 ORDER BY 1, 2
    ON CONFLICT ("trip_id", "stop_id") DO UPDATE SET "riders" = r."riders" + excluded."riders";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A child about to be deleted: their rides leave the stop report now, while their stops and scans still say where
-- (the cascades that follow skip a child who no longer exists).
CREATE OR REPLACE FUNCTION "students_rollup_stop_riders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trip_stop_riders" r SET "riders" = r."riders" - d."n"
  FROM (SELECT e."trip_id", ss."stop_id", count(*) AS "n"
    FROM "ridership_events" e
    JOIN "trips" t ON t."id" = e."trip_id"
      AND e."kind" = (CASE WHEN t."type" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
    LEFT JOIN "student_stops" ss ON ss."student_id" = e."student_id" AND ss."run" = t."type"
    WHERE e."student_id" = OLD."id"
    GROUP BY e."trip_id", ss."stop_id") d
  WHERE r."trip_id" = d."trip_id" AND r."stop_id" IS NOT DISTINCT FROM d."stop_id";
  RETURN OLD;
END $$;
--> statement-breakpoint
-- New fixes: only the stretch from the last fix before the earliest new one changes, so its length is re-added
-- (all fixes of that stretch minus the old ones alone). The trip's row is locked first and the stretch read after,
-- so two writers of one trip (driver app and tracker) each see the other's committed fixes.
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
    SELECT p."trip_id", p."lat", p."lng", p."recorded_at", p."position_id",
      EXISTS (SELECT 1 FROM inserted i WHERE i."position_id" = p."position_id") AS "is_new"
    FROM starts s JOIN "vehicle_positions" p ON p."trip_id" = s."trip_id" AND p."recorded_at" >= s."recorded_at"
      AND (p."recorded_at", p."position_id") >= (s."recorded_at", s."position_id")),
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
-- Fixes removed (the retention job) or changed: the trips they belonged to are measured again from what is left.
CREATE OR REPLACE FUNCTION "positions_rollup_distance_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ARRAY(SELECT "trip_id" FROM deleted WHERE "trip_id" IS NOT NULL
      UNION SELECT "trip_id" FROM inserted WHERE "trip_id" IS NOT NULL);
  ELSE
    changed := ARRAY(SELECT DISTINCT "trip_id" FROM deleted WHERE "trip_id" IS NOT NULL);
  END IF;
  -- A deleted trip's row went with it; a trip that had none yet gets one.
  INSERT INTO "trip_distances" ("trip_id")
    SELECT t."id" FROM "trips" t WHERE t."id" = ANY (changed) ORDER BY 1
  ON CONFLICT ("trip_id") DO NOTHING;
  PERFORM 1 FROM "trip_distances" d WHERE d."trip_id" = ANY (changed) ORDER BY d."trip_id" FOR UPDATE;
  UPDATE "trip_distances" d SET "km" = coalesce((
    SELECT sum(great_circle_km(l."prev_lat", l."prev_lng", l."lat", l."lng")) FROM (
      SELECT p."lat", p."lng", lag(p."lat") OVER w AS "prev_lat", lag(p."lng") OVER w AS "prev_lng"
      FROM "vehicle_positions" p WHERE p."trip_id" = d."trip_id"
      WINDOW w AS (ORDER BY p."recorded_at", p."position_id")) l
    WHERE l."prev_lat" IS NOT NULL), 0)
  WHERE d."trip_id" = ANY (changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_counts_insert" AFTER INSERT ON "ridership_events"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_counts_update" AFTER UPDATE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_counts_delete" AFTER DELETE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_counts"();
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_stop_riders_insert" AFTER INSERT ON "ridership_events"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_stop_riders_update" AFTER UPDATE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
CREATE TRIGGER "ridership_events_rollup_stop_riders_delete" AFTER DELETE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
CREATE TRIGGER "student_stops_rollup_riders_insert" AFTER INSERT ON "student_stops"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
CREATE TRIGGER "student_stops_rollup_riders_update" AFTER UPDATE ON "student_stops"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
CREATE TRIGGER "student_stops_rollup_riders_delete" AFTER DELETE ON "student_stops"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
CREATE TRIGGER "students_rollup_stop_riders" BEFORE DELETE ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_rollup_stop_riders"();
--> statement-breakpoint
CREATE TRIGGER "vehicle_positions_rollup_distance_insert" AFTER INSERT ON "vehicle_positions"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_insert"();
--> statement-breakpoint
CREATE TRIGGER "vehicle_positions_rollup_distance_update" AFTER UPDATE ON "vehicle_positions"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_recount"();
--> statement-breakpoint
CREATE TRIGGER "vehicle_positions_rollup_distance_delete" AFTER DELETE ON "vehicle_positions"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_recount"();
--> statement-breakpoint
-- Backfill from the rows already there.
INSERT INTO "trip_ridership_counts" ("trip_id", "boardings", "alightings", "no_shows", "wrong_bus", "unknown_tags")
  SELECT "trip_id", count(*) FILTER (WHERE "kind" = 'BOARD'), count(*) FILTER (WHERE "kind" = 'ALIGHT'),
    count(*) FILTER (WHERE "kind" = 'NO_SHOW'), count(*) FILTER (WHERE "flag" = 'WRONG_BUS'),
    count(*) FILTER (WHERE "flag" = 'UNKNOWN_TAG')
  FROM "ridership_events" GROUP BY "trip_id";
--> statement-breakpoint
INSERT INTO "trip_stop_riders" ("trip_id", "stop_id", "riders")
  SELECT e."trip_id", ss."stop_id", count(*)
  FROM "ridership_events" e
  JOIN "trips" t ON t."id" = e."trip_id"
    AND e."kind" = (CASE WHEN t."type" = 'PICKUP' THEN 'BOARD' ELSE 'ALIGHT' END)::ridership_kind
  LEFT JOIN "student_stops" ss ON ss."student_id" = e."student_id" AND ss."run" = t."type"
  WHERE e."student_id" IS NOT NULL
  GROUP BY e."trip_id", ss."stop_id";
--> statement-breakpoint
INSERT INTO "trip_distances" ("trip_id", "km")
  SELECT "trip_id", coalesce(sum(great_circle_km("prev_lat", "prev_lng", "lat", "lng")) FILTER (WHERE "prev_lat" IS NOT NULL), 0)
  FROM (SELECT "trip_id", "lat", "lng", lag("lat") OVER w AS "prev_lat", lag("lng") OVER w AS "prev_lng"
    FROM "vehicle_positions" WHERE "trip_id" IS NOT NULL
    WINDOW w AS (PARTITION BY "trip_id" ORDER BY "recorded_at", "position_id")) l
  GROUP BY "trip_id";
