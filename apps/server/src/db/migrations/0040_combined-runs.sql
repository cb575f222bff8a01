CREATE TABLE "combined_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_trip_id" uuid NOT NULL,
	"joined_trip_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "combined_runs_joined_trip_key" UNIQUE("joined_trip_id")
);
--> statement-breakpoint
ALTER TABLE "trip_stops" ADD COLUMN "combined_from_trip_id" uuid;--> statement-breakpoint
ALTER TABLE "combined_runs" ADD CONSTRAINT "combined_runs_host_trip_id_trips_id_fk" FOREIGN KEY ("host_trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combined_runs" ADD CONSTRAINT "combined_runs_joined_trip_id_trips_id_fk" FOREIGN KEY ("joined_trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combined_runs" ADD CONSTRAINT "combined_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "combined_runs_host_idx" ON "combined_runs" USING btree ("host_trip_id");--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_combined_from_trip_id_trips_id_fk" FOREIGN KEY ("combined_from_trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;