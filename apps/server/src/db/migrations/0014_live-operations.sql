CREATE TYPE "public"."alert_kind" AS ENUM('WRONG_BUS', 'ABSENT_SCANNED', 'NO_POSITION', 'LATE', 'NOT_STARTED', 'FINISHED_WITH_CHILD');--> statement-breakpoint
CREATE TYPE "public"."live_event_type" AS ENUM('ridership', 'position', 'trip', 'stops', 'alert');--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "alert_kind" NOT NULL,
	"cause" text NOT NULL,
	"trip_id" uuid,
	"student_id" uuid,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_by_name" text,
	CONSTRAINT "alerts_cause_unique" UNIQUE("cause")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" "live_event_type" NOT NULL,
	"trip_id" uuid,
	"driver_user_id" uuid,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_trip_idx" ON "alerts" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "alerts_raised_idx" ON "alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- A deleted child's name also leaves the live stream's log (kept a few days: scans and alerts name children), like
-- their ridership events (0013).
CREATE OR REPLACE FUNCTION "students_erase_ridership_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ridership_events" SET "student_name" = NULL WHERE "student_id" = OLD."id";
  UPDATE "live_events" SET "payload" = jsonb_set("payload", '{studentName}', 'null'::jsonb)
    WHERE "type" IN ('ridership', 'alert') AND "payload"->>'studentId' = OLD."id"::text;
  RETURN OLD;
END $$;
