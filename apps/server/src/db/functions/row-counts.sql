-- row_counts: exact row counts of the large tables for the lists' totals and the dashboard, one stripe per connection
-- (backend pid mod 16) so that writers of one table do not queue on one counter row; readers sum the stripes.
-- Statement-level triggers with transition tables, so a batch costs one upsert and no code path can forget it.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0009_assignment-paging-and-striped-counts.sql
CREATE OR REPLACE FUNCTION "count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_counts" ("table_name", "stripe", "n")
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, count(*) FROM inserted
  ON CONFLICT ("table_name", "stripe") DO UPDATE SET "n" = "row_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0009_assignment-paging-and-striped-counts.sql
CREATE OR REPLACE FUNCTION "count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_counts" ("table_name", "stripe", "n")
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, -count(*) FROM deleted
  ON CONFLICT ("table_name", "stripe") DO UPDATE SET "n" = "row_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "drivers_count_inserted" AFTER INSERT ON "drivers" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "drivers_count_deleted" AFTER DELETE ON "drivers" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "parents_count_inserted" AFTER INSERT ON "parents" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "parents_count_deleted" AFTER DELETE ON "parents" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "students_count_inserted" AFTER INSERT ON "students" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "students_count_deleted" AFTER DELETE ON "students" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "vehicles_count_inserted" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "vehicles_count_deleted" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "routes_count_inserted" AFTER INSERT ON "routes" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "routes_count_deleted" AFTER DELETE ON "routes" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "route_assignments_count_inserted" AFTER INSERT ON "route_assignments" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "route_assignments_count_deleted" AFTER DELETE ON "route_assignments" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "trips_count_inserted" AFTER INSERT ON "trips" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "trips_count_deleted" AFTER DELETE ON "trips" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "assignment_students_count_inserted" AFTER INSERT ON "assignment_students" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
-- Last changed: 0006_search-indexes-and-row-counts.sql
CREATE OR REPLACE TRIGGER "assignment_students_count_deleted" AFTER DELETE ON "assignment_students" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
