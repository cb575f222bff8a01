CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"bell_time" time NOT NULL,
	"dismissal_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "schools_lat_range" CHECK ("schools"."lat" between -90 and 90),
	CONSTRAINT "schools_lng_range" CHECK ("schools"."lng" between -180 and 180),
	CONSTRAINT "schools_dismissal_after_bell" CHECK ("schools"."dismissal_time" > "schools"."bell_time")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "schools_name_unique" ON "schools" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "schools_created_at_idx" ON "schools" USING btree ("created_at","id");