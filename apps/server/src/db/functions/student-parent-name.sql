-- students.parent_name mirrors the parent's user name, so the student search is one table's OR of trigram matches
-- (docs/benchmarks.md). Kept by triggers, so no code path can forget it.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0008_student-parent-name.sql
CREATE OR REPLACE FUNCTION "student_copy_parent_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."name" INTO NEW."parent_name"
    FROM "parents" p JOIN "users" u ON u."id" = p."user_id"
   WHERE p."id" = NEW."parent_id";
  NEW."parent_name" := coalesce(NEW."parent_name", '');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Last changed: 0008_student-parent-name.sql
CREATE OR REPLACE TRIGGER "students_parent_name" BEFORE INSERT OR UPDATE OF "parent_id", "parent_name" ON "students" FOR EACH ROW EXECUTE FUNCTION "student_copy_parent_name"();
--> statement-breakpoint
-- Last changed: 0008_student-parent-name.sql
CREATE OR REPLACE FUNCTION "parent_name_to_students"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" s SET "parent_name" = NEW."name"
    FROM "parents" p
   WHERE p."user_id" = NEW."id" AND s."parent_id" = p."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0008_student-parent-name.sql
CREATE OR REPLACE TRIGGER "users_name_to_students" AFTER UPDATE OF "name" ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "parent_name_to_students"();
