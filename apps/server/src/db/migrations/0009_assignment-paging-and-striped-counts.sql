CREATE INDEX "route_assignments_created_at_idx" ON "route_assignments" USING btree ("created_at","id");--> statement-breakpoint
-- Striped row counters. One counter row per table made every insert or delete into that table wait for the
-- previous writer's commit (the row stays locked until then): under load, family enrolments queued behind one
-- another. Each connection now adds to its own stripe (backend pid mod 16); readers sum the stripes.
ALTER TABLE "row_counts" ADD COLUMN "stripe" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_pkey";
--> statement-breakpoint
ALTER TABLE "row_counts" ADD PRIMARY KEY ("table_name", "stripe");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_counts" ("table_name", "stripe", "n")
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, count(*) FROM inserted
  ON CONFLICT ("table_name", "stripe") DO UPDATE SET "n" = "row_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_counts" ("table_name", "stripe", "n")
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, -count(*) FROM deleted
  ON CONFLICT ("table_name", "stripe") DO UPDATE SET "n" = "row_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
