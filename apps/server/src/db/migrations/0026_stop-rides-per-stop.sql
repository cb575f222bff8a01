-- Ridership per stop keeps one row per stop and day (or ISO week) with the morning runs' pickups and the afternoon
-- runs' drop-offs as two columns, instead of a row per stop, day and run (decision 048): a month of the report at a
-- million children reads 600k rollup rows instead of 1.2M. The triggers of 0024 still hand their changes to
-- stop_riders_rollup_add per run; only that function and the two tables change. The old tables are renamed away,
-- the new ones filled from them in one set-based statement each, and the old ones dropped.
ALTER TABLE "stop_rider_days" RENAME TO "stop_rider_days_per_run";--> statement-breakpoint
ALTER TABLE "stop_rider_days_per_run" RENAME CONSTRAINT "stop_rider_days_unique" TO "stop_rider_days_per_run_unique";--> statement-breakpoint
ALTER TABLE "stop_rider_weeks" RENAME TO "stop_rider_weeks_per_run";--> statement-breakpoint
ALTER TABLE "stop_rider_weeks_per_run" RENAME CONSTRAINT "stop_rider_weeks_unique" TO "stop_rider_weeks_per_run_unique";--> statement-breakpoint
CREATE TABLE "stop_rider_days" (
	"trip_date" date NOT NULL,
	"stop_id" uuid,
	"pickups" integer DEFAULT 0 NOT NULL,
	"drop_offs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_rider_days_unique" UNIQUE NULLS NOT DISTINCT("trip_date","stop_id")
);
--> statement-breakpoint
CREATE TABLE "stop_rider_weeks" (
	"week_start" date NOT NULL,
	"stop_id" uuid,
	"pickups" integer DEFAULT 0 NOT NULL,
	"drop_offs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stop_rider_weeks_unique" UNIQUE NULLS NOT DISTINCT("week_start","stop_id")
);
--> statement-breakpoint
-- Adds rides (riders may be negative; a PICKUP run's to pickups, a DROP run's to drop-offs) to the stop's day and
-- week, days first then weeks, keys in order: counting is commutative, so concurrent writers need no more than the
-- upserts' row locks and cannot deadlock on them. A change that nets to nothing writes no row.
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
INSERT INTO "stop_rider_days" ("trip_date", "stop_id", "pickups", "drop_offs")
  SELECT "trip_date", "stop_id", coalesce(sum("riders") FILTER (WHERE "type" = 'PICKUP'), 0),
    coalesce(sum("riders") FILTER (WHERE "type" = 'DROP'), 0)
  FROM "stop_rider_days_per_run" GROUP BY 1, 2 HAVING bool_or("riders" <> 0);
--> statement-breakpoint
INSERT INTO "stop_rider_weeks" ("week_start", "stop_id", "pickups", "drop_offs")
  SELECT "week_start", "stop_id", coalesce(sum("riders") FILTER (WHERE "type" = 'PICKUP'), 0),
    coalesce(sum("riders") FILTER (WHERE "type" = 'DROP'), 0)
  FROM "stop_rider_weeks_per_run" GROUP BY 1, 2 HAVING bool_or("riders" <> 0);
--> statement-breakpoint
DROP TABLE "stop_rider_days_per_run";--> statement-breakpoint
DROP TABLE "stop_rider_weeks_per_run";
