-- Report rollups (decision 033, addendum): the reports read one row per trip (and per trip and stop) instead of a month
-- of scans and positions. Triggers keep them in the same transaction as every write they summarise, so no code path can
-- forget them; statement-level with transition tables, so a batch of scans costs one upsert.
--
-- trip_distances: each trip's km along its fixes (vehicle_positions), for vehicle use.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- The great-circle distance the vehicle-use report has always used (mean Earth radius 6371.0088 km).
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE FUNCTION "great_circle_km"(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;
--> statement-breakpoint
-- New fixes: only the stretch from the last fix before the earliest new one changes, so its length is re-added (all
-- fixes of that stretch minus the old ones alone). The trip's row is locked first and the stretch read after, so two
-- writers of one trip (driver app and tracker) each see the other's committed fixes. "Is this fix new" is a join, not
-- an EXISTS per row of the stretch: that was a subplan reading the whole transition table for every fix, hours for a
-- day of a 1M-student operator's fixes written at once (the history generator, a large import).
-- Last changed: 0023_on-time-rollups.sql
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
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "vehicle_positions_rollup_distance_insert" AFTER INSERT ON "vehicle_positions"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_insert"();
--> statement-breakpoint
-- Fixes removed (the retention job) or changed: the trips they belonged to are measured again from what is left.
-- Last changed: 0021_report-rollups.sql
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
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "vehicle_positions_rollup_distance_update" AFTER UPDATE ON "vehicle_positions"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_recount"();
--> statement-breakpoint
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "vehicle_positions_rollup_distance_delete" AFTER DELETE ON "vehicle_positions"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "positions_rollup_distance_recount"();
