-- A child's primary guardian (students.parent_id, the contact of record) is always one of their guardians
-- (student_guardians, decision 064): the link table is the one rule of who sees a child and who is told about them.
-- A trigger, so no code path can forget it: the office's forms, an import, the dataset generator, psql.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- A new child is linked to their primary guardian. A changed primary guardian is linked, and the one before is
-- unlinked: moving a child to another family moves the old family's access away, as it did before there were links
-- (the other guardians stay). Promoting a second guardian when the primary is unlinked goes through here too.
-- Last changed: 0042_guardians.sql
CREATE OR REPLACE FUNCTION "students_primary_guardian"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."parent_id" IS NOT DISTINCT FROM NEW."parent_id" THEN RETURN NULL; END IF;
  INSERT INTO "student_guardians" ("student_id", "parent_id") VALUES (NEW."id", NEW."parent_id")
    ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "student_guardians" WHERE "student_id" = NEW."id" AND "parent_id" = OLD."parent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0042_guardians.sql
CREATE OR REPLACE TRIGGER "students_primary_guardian" AFTER INSERT OR UPDATE OF "parent_id" ON "students" FOR EACH ROW EXECUTE FUNCTION "students_primary_guardian"();
