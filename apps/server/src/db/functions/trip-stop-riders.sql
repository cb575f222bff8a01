-- Report rollups (decision 033, addendum): the reports read one row per trip (and per trip and stop) instead of a month
-- of scans and positions. Triggers keep them in the same transaction as every write they summarise, so no code path can
-- forget them; statement-level with transition tables, so a batch of scans costs one upsert.
--
-- trip_stop_riders: each trip's rides per stop, for the stop report (and stop-rider-days.sql's days and weeks).
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- A ride of the stop report: a morning boarding or an afternoon alighting of a known child, counted at the stop the
-- child is given for that run now (none: a null stop). Each writer first locks the children it touches (in id order,
-- so two writers cannot deadlock), and the counting statement after it sees what the other committed: a scan and a
-- new stop for the same child at the same moment cannot both miss each other.
-- Last changed: 0021_report-rollups.sql
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
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_stop_riders_insert" AFTER INSERT ON "ridership_events"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_stop_riders_update" AFTER UPDATE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "ridership_events_rollup_stop_riders_delete" AFTER DELETE ON "ridership_events"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "ridership_rollup_stop_riders"();
--> statement-breakpoint
-- A child's stop for a run changed: their rides on that run's trips move with it. A removed stop row hands the rides
-- to "none", an added one takes them from "none" (an update is both).
-- Last changed: 0021_report-rollups.sql
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
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "student_stops_rollup_riders_insert" AFTER INSERT ON "student_stops"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "student_stops_rollup_riders_update" AFTER UPDATE ON "student_stops"
  REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "student_stops_rollup_riders_delete" AFTER DELETE ON "student_stops"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "student_stops_rollup_riders"();
--> statement-breakpoint
-- A child about to be deleted: their rides leave the stop report now, while their stops and scans still say where
-- (the cascades that follow skip a child who no longer exists).
-- Last changed: 0021_report-rollups.sql
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
-- Last changed: 0021_report-rollups.sql
CREATE OR REPLACE TRIGGER "students_rollup_stop_riders" BEFORE DELETE ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_rollup_stop_riders"();
