ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || chr(31) || class || chr(31) || roll_no || chr(31) || coalesce(nfc_tag_id, '') || chr(31) || parent_name) STORED;--> statement-breakpoint
-- One trigram index over everything the student search reads; the five per-column ones it replaces served only
-- that search (docs/benchmarks.md).
CREATE INDEX IF NOT EXISTS "students_search_text_trgm_idx" ON "students" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "students_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "students_class_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "students_roll_no_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "students_nfc_tag_id_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "students_parent_name_trgm_idx";
