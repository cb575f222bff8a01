CREATE TYPE "public"."credential_subject" AS ENUM('DRIVER', 'VEHICLE');--> statement-breakpoint
CREATE TYPE "public"."child_check_method" AS ENUM('TAG', 'TAP');--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'CREDENTIAL_EXPIRING';--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'CREDENTIAL_EXPIRED';--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'VEHICLE_OUT_OF_SERVICE';--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'CHILD_CHECK_MISSING';--> statement-breakpoint
CREATE TABLE "compliance_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid,
	"assignment_id" uuid,
	"reason" text NOT NULL,
	"blockers" jsonb NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" "credential_subject" NOT NULL,
	"name" text NOT NULL,
	"warn_days" integer DEFAULT 30 NOT NULL,
	"blocks" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "credential_kinds_warn_days_range" CHECK ("credential_kinds"."warn_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind_id" uuid NOT NULL,
	"driver_id" uuid,
	"vehicle_id" uuid,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"document" text,
	"document_type" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "credentials_one_holder" CHECK (num_nonnulls("credentials"."driver_id", "credentials"."vehicle_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "child_check_tags" (
	"vehicle_id" uuid PRIMARY KEY NOT NULL,
	"tag_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "child_check_tags_tag_unique" UNIQUE("tag_id")
);
--> statement-breakpoint
CREATE TABLE "child_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"method" "child_check_method" NOT NULL,
	"tag_id" text,
	"reason" text,
	"checked_by" uuid,
	"checked_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_checks_trip_unique" UNIQUE("trip_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_type" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"item_label" text NOT NULL,
	"note" text,
	"photo" text,
	"out_of_service" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_by_name" text,
	"close_note" text
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"driver_id" uuid,
	"driver_name" text NOT NULL,
	"inspected_on" date NOT NULL,
	"items" jsonb NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "stops" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_assignment_id_route_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."route_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_kind_id_credential_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."credential_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_check_tags" ADD CONSTRAINT "child_check_tags_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checks" ADD CONSTRAINT "child_checks_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checks" ADD CONSTRAINT "child_checks_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_checks" ADD CONSTRAINT "child_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defects" ADD CONSTRAINT "inspection_defects_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defects" ADD CONSTRAINT "inspection_defects_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defects" ADD CONSTRAINT "inspection_defects_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_overrides_trip_idx" ON "compliance_overrides" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "compliance_overrides_assignment_idx" ON "compliance_overrides" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_kinds_subject_name_unique" ON "credential_kinds" USING btree ("subject",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_driver_kind_unique" ON "credentials" USING btree ("driver_id","kind_id") WHERE "credentials"."driver_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_vehicle_kind_unique" ON "credentials" USING btree ("vehicle_id","kind_id") WHERE "credentials"."vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "credentials_kind_idx" ON "credentials" USING btree ("kind_id");--> statement-breakpoint
CREATE INDEX "credentials_expires_idx" ON "credentials" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "child_checks_vehicle_idx" ON "child_checks" USING btree ("vehicle_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_checklists_type_unique" ON "inspection_checklists" USING btree (lower("vehicle_type"));--> statement-breakpoint
CREATE INDEX "inspection_defects_inspection_idx" ON "inspection_defects" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_defects_open_idx" ON "inspection_defects" USING btree ("vehicle_id","opened_at") WHERE "inspection_defects"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "inspection_defects_vehicle_idx" ON "inspection_defects" USING btree ("vehicle_id","opened_at");--> statement-breakpoint
CREATE INDEX "inspections_vehicle_day_idx" ON "inspections" USING btree ("vehicle_id","inspected_on");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
-- The kinds an operator usually tracks; an admin edits, adds or removes them (credential_kinds).
INSERT INTO "credential_kinds" ("subject", "name", "warn_days", "blocks") VALUES
  ('DRIVER', 'Driving licence', 30, true),
  ('DRIVER', 'Medical certificate', 30, true),
  ('DRIVER', 'Background check', 30, true),
  ('VEHICLE', 'Registration', 30, true),
  ('VEHICLE', 'Insurance', 30, true),
  ('VEHICLE', 'Fitness certificate', 30, true),
  ('VEHICLE', 'Permit', 30, true);
