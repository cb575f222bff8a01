-- Contains-search (ILIKE '%text%') over large tables: trigram indexes (docs/benchmarks.md).
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drivers_phone_trgm_idx" ON "drivers" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drivers_license_no_trgm_idx" ON "drivers" USING gin ("license_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parents_phone_trgm_idx" ON "parents" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_name_trgm_idx" ON "students" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_class_trgm_idx" ON "students" USING gin ("class" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_roll_no_trgm_idx" ON "students" USING gin ("roll_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "students_nfc_tag_id_trgm_idx" ON "students" USING gin ("nfc_tag_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_license_plate_trgm_idx" ON "vehicles" USING gin ("license_plate" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_model_trgm_idx" ON "vehicles" USING gin ("model" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_type_trgm_idx" ON "vehicles" USING gin ("type" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_color_trgm_idx" ON "vehicles" USING gin ("color" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "routes_name_trgm_idx" ON "routes" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "routes_start_location_trgm_idx" ON "routes" USING gin ("start_location" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "routes_end_location_trgm_idx" ON "routes" USING gin ("end_location" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trips_route_name_trgm_idx" ON "trips" USING gin ("route_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trips_driver_license_no_trgm_idx" ON "trips" USING gin ("driver_license_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trips_vehicle_plate_trgm_idx" ON "trips" USING gin ("vehicle_plate" gin_trgm_ops);
--> statement-breakpoint
-- Exact row counts kept by statement-level triggers, so an unfiltered list or the dashboard never counts a
--> statement-breakpoint
-- million rows per request. Bulk inserts cost one counter update per statement, not per row.
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "row_counts" ("table_name" text PRIMARY KEY NOT NULL, "n" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'users', count(*) FROM "users" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'drivers', count(*) FROM "drivers" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'parents', count(*) FROM "parents" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'students', count(*) FROM "students" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'vehicles', count(*) FROM "vehicles" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'routes', count(*) FROM "routes" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'route_assignments', count(*) FROM "route_assignments" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'trips', count(*) FROM "trips" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "row_counts" SELECT 'assignment_students', count(*) FROM "assignment_students" ON CONFLICT ("table_name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "n" = "n" + (SELECT count(*) FROM inserted) WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "n" = "n" - (SELECT count(*) FROM deleted) WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "drivers_count_inserted" AFTER INSERT ON "drivers" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "drivers_count_deleted" AFTER DELETE ON "drivers" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "parents_count_inserted" AFTER INSERT ON "parents" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "parents_count_deleted" AFTER DELETE ON "parents" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "students_count_inserted" AFTER INSERT ON "students" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "students_count_deleted" AFTER DELETE ON "students" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_inserted" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_deleted" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "routes_count_inserted" AFTER INSERT ON "routes" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "routes_count_deleted" AFTER DELETE ON "routes" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "route_assignments_count_inserted" AFTER INSERT ON "route_assignments" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "route_assignments_count_deleted" AFTER DELETE ON "route_assignments" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "trips_count_inserted" AFTER INSERT ON "trips" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "trips_count_deleted" AFTER DELETE ON "trips" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "assignment_students_count_inserted" AFTER INSERT ON "assignment_students" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "assignment_students_count_deleted" AFTER DELETE ON "assignment_students" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
