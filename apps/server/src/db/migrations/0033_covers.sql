CREATE TABLE "covers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"run" "trip_type",
	"driver_id" uuid,
	"vehicle_id" uuid,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "covers_someone" CHECK ("covers"."driver_id" is not null or "covers"."vehicle_id" is not null),
	CONSTRAINT "covers_dates" CHECK ("covers"."last_date" >= "covers"."first_date")
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "cover_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "planned_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "planned_driver_name" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "planned_vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "planned_vehicle_plate" text;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_assignment_id_route_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."route_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "covers_assignment_idx" ON "covers" USING btree ("assignment_id","first_date");--> statement-breakpoint
CREATE INDEX "covers_driver_idx" ON "covers" USING btree ("driver_id","first_date");--> statement-breakpoint
CREATE INDEX "covers_vehicle_idx" ON "covers" USING btree ("vehicle_id","first_date");--> statement-breakpoint
CREATE INDEX "covers_dates_idx" ON "covers" USING btree ("first_date","last_date");--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_cover_id_covers_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."covers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_planned_driver_id_drivers_id_fk" FOREIGN KEY ("planned_driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_planned_vehicle_id_vehicles_id_fk" FOREIGN KEY ("planned_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_cover_idx" ON "trips" USING btree ("cover_id");