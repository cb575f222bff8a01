-- A deleted child leaves no name or tag in the ridership events and the live stream's log (kept a few days: scans and
-- alerts name children); the events stay, naming nobody, for the trip's counts (the child's id goes by the foreign
-- key's set null). The tag is what a card or a wristband says, and it is theirs. A trigger, so no code path can forget
-- it. Their rides leave the stop report in trip-stop-riders.sql.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0027_erasure-of-a-deleted-child.sql
CREATE OR REPLACE FUNCTION "students_erase_ridership_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ridership_events" SET "student_name" = NULL, "tag_id" = NULL WHERE "student_id" = OLD."id";
  UPDATE "live_events" SET "payload" = jsonb_set("payload", '{studentName}', 'null'::jsonb)
    WHERE "type" IN ('ridership', 'alert') AND "payload"->>'studentId' = OLD."id"::text;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Last changed: 0013_stops-calendar-and-ridership.sql
CREATE OR REPLACE TRIGGER "students_erase_ridership_names" BEFORE DELETE ON "students" FOR EACH ROW EXECUTE FUNCTION "students_erase_ridership_names"();
