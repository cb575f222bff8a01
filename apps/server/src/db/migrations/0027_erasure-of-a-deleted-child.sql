ALTER TABLE "notification_outbox" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_student_idx" ON "notification_outbox" USING btree ("student_id");--> statement-breakpoint
-- The notifications written before this migration are given their child from the dedup key (KIND:trip:child:parent,
-- every kind so far); those of a child already deleted, whose titles still name them, go now.
UPDATE "notification_outbox" o SET "student_id" = s."id"
  FROM "students" s WHERE s."id"::text = split_part(o."dedup_key", ':', 3);
--> statement-breakpoint
DELETE FROM "notification_outbox"
  WHERE "student_id" IS NULL AND split_part("dedup_key", ':', 3) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
--> statement-breakpoint
-- A deleted child's tag also leaves their ridership events (their name did already, 0013, and the live log's copy,
-- 0014): the tag is what a card or a wristband says, and it is theirs. The events stay for the trip's counts.
CREATE OR REPLACE FUNCTION "students_erase_ridership_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ridership_events" SET "student_name" = NULL, "tag_id" = NULL WHERE "student_id" = OLD."id";
  UPDATE "live_events" SET "payload" = jsonb_set("payload", '{studentName}', 'null'::jsonb)
    WHERE "type" IN ('ridership', 'alert') AND "payload"->>'studentId' = OLD."id"::text;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Events of children deleted before this migration: no child (the foreign key set it null) and not a tag that
-- matched nobody when it was scanned (UNKNOWN_TAG, which names no one).
UPDATE "ridership_events" SET "tag_id" = NULL
  WHERE "student_id" IS NULL AND "tag_id" IS NOT NULL AND "flag" IS DISTINCT FROM 'UNKNOWN_TAG';
