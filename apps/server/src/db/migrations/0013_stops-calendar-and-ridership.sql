CREATE TYPE "public"."calendar_day_kind" AS ENUM('SCHOOL_DAY', 'HOLIDAY', 'CLOSURE');--> statement-breakpoint
CREATE TYPE "public"."ridership_flag" AS ENUM('WRONG_BUS', 'UNKNOWN_TAG');--> statement-breakpoint
CREATE TYPE "public"."ridership_kind" AS ENUM('BOARD', 'ALIGHT', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."scan_method" AS ENUM('NFC', 'QR', 'READER', 'TAP');--> statement-breakpoint
CREATE TABLE "route_runs" (
	"route_id" uuid NOT NULL,
	"run" "trip_type" NOT NULL,
	"start_time" time NOT NULL,
	CONSTRAINT "route_runs_route_id_run_pk" PRIMARY KEY("route_id","run")
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"route_id" uuid NOT NULL,
	"run" "trip_type" NOT NULL,
	"position" integer NOT NULL,
	"stop_id" uuid NOT NULL,
	"minutes_after_start" integer NOT NULL,
	CONSTRAINT "route_stops_route_id_run_position_pk" PRIMARY KEY("route_id","run","position"),
	CONSTRAINT "route_stops_stop_once_per_run" UNIQUE("route_id","run","stop_id"),
	CONSTRAINT "route_stops_minutes_range" CHECK ("route_stops"."minutes_after_start" between 0 and 600)
);
--> statement-breakpoint
CREATE TABLE "stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stops_lat_range" CHECK ("stops"."lat" between -90 and 90),
	CONSTRAINT "stops_lng_range" CHECK ("stops"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "student_stops" (
	"student_id" uuid NOT NULL,
	"run" "trip_type" NOT NULL,
	"stop_id" uuid NOT NULL,
	CONSTRAINT "student_stops_student_id_run_pk" PRIMARY KEY("student_id","run")
);
--> statement-breakpoint
CREATE TABLE "absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"run" "trip_type" NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_student_date_run_unique" UNIQUE("student_id","date","run")
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" "calendar_day_kind" NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "daily_job_runs_job_day_unique" UNIQUE("job","day")
);
--> statement-breakpoint
CREATE TABLE "ridership_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" "ridership_kind" NOT NULL,
	"method" "scan_method" NOT NULL,
	"student_id" uuid,
	"student_name" text,
	"tag_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	"flag" "ridership_flag",
	"recorded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "tracker_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_devices_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
CREATE TABLE "trip_stops" (
	"trip_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"stop_id" uuid,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"planned_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	CONSTRAINT "trip_stops_trip_id_position_pk" PRIMARY KEY("trip_id","position")
);
--> statement-breakpoint
CREATE TABLE "vehicle_positions" (
	"position_id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid,
	"vehicle_id" uuid,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"speed" double precision,
	"heading" double precision,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "driver_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "route_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "planned_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "finish_reason" text;--> statement-breakpoint
ALTER TABLE "route_runs" ADD CONSTRAINT "route_runs_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_stops" ADD CONSTRAINT "student_stops_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_stops" ADD CONSTRAINT "student_stops_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD CONSTRAINT "ridership_events_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD CONSTRAINT "ridership_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD CONSTRAINT "ridership_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_devices" ADD CONSTRAINT "tracker_devices_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_positions" ADD CONSTRAINT "vehicle_positions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_positions" ADD CONSTRAINT "vehicle_positions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_stops_stop_idx" ON "route_stops" USING btree ("stop_id");--> statement-breakpoint
CREATE INDEX "stops_created_at_idx" ON "stops" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stops_lat_lng_idx" ON "stops" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "student_stops_stop_idx" ON "student_stops" USING btree ("stop_id");--> statement-breakpoint
CREATE INDEX "absences_date_idx" ON "absences" USING btree ("date");--> statement-breakpoint
CREATE INDEX "ridership_events_trip_idx" ON "ridership_events" USING btree ("trip_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ridership_events_student_idx" ON "ridership_events" USING btree ("student_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracker_devices_vehicle_idx" ON "tracker_devices" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_positions_trip_idx" ON "vehicle_positions" USING btree ("trip_id","recorded_at");--> statement-breakpoint
CREATE INDEX "vehicle_positions_vehicle_idx" ON "vehicle_positions" USING btree ("vehicle_id","recorded_at");--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_driver_date_idx" ON "trips" USING btree ("driver_id","trip_date");--> statement-breakpoint
-- Trips made before this migration get who runs them from their assignment, for the trips that have not ended:
-- the driver app finds a driver's trips by trips.driver_id.
UPDATE "trips" t SET "driver_id" = ra."driver_id", "vehicle_id" = ra."vehicle_id", "route_id" = ra."route_id"
  FROM "route_assignments" ra WHERE t."assignment_id" = ra."id" AND t."status" IN ('PENDING', 'STARTED');
--> statement-breakpoint
-- A deleted child's name leaves their ridership events (the id goes by the foreign key's set null): the events
-- stay for the trip's counts, naming nobody. A trigger, so no code path can forget it.
CREATE OR REPLACE FUNCTION "students_erase_ridership_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ridership_events" SET "student_name" = NULL WHERE "student_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "students_erase_ridership_names" BEFORE DELETE ON "students" FOR EACH ROW EXECUTE FUNCTION "students_erase_ridership_names"();
