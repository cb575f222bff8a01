CREATE TYPE "public"."field_trip_state" AS ENUM('REQUESTED', 'APPROVED', 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'DECLINED');--> statement-breakpoint
CREATE TABLE "depot" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "depot_one_row" CHECK ("depot"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "field_trip_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "field_trip_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"field_trip_id" uuid NOT NULL,
	"state" "field_trip_state" NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_trip_rates" (
	"vehicle_type" text PRIMARY KEY NOT NULL,
	"per_hour" numeric(10, 2) NOT NULL,
	"per_km" numeric(10, 2) NOT NULL,
	"minimum" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"destination_name" text NOT NULL,
	"destination_address" text,
	"destination_lat" double precision NOT NULL,
	"destination_lng" double precision NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
	"trip_date" date NOT NULL,
	"pupils" integer NOT NULL,
	"adults" integer NOT NULL,
	"wheelchair_places" integer NOT NULL,
	"notes" text,
	"state" "field_trip_state" DEFAULT 'REQUESTED' NOT NULL,
	"state_reason" text,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"estimated_cost" numeric(12, 2),
	"estimated_km" numeric(9, 2),
	"estimate_vehicle_type" text,
	"actual_cost" numeric(12, 2),
	"actual_km" numeric(9, 2),
	"actual_minutes" integer,
	"busy_from" timestamp with time zone,
	"busy_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "field_trips_times" CHECK ("field_trips"."return_at" > "field_trips"."depart_at"),
	CONSTRAINT "field_trips_group" CHECK ("field_trips"."pupils" >= 0 and "field_trips"."adults" >= 0 and "field_trips"."wheelchair_places" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "wheelchair_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "field_trip_id" uuid;--> statement-breakpoint
ALTER TABLE "field_trip_notices" ADD CONSTRAINT "field_trip_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_trip_notices" ADD CONSTRAINT "field_trip_notices_field_trip_id_field_trips_id_fk" FOREIGN KEY ("field_trip_id") REFERENCES "public"."field_trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_trips" ADD CONSTRAINT "field_trips_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_trips" ADD CONSTRAINT "field_trips_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_trip_notices_user_idx" ON "field_trip_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "field_trips_date_idx" ON "field_trips" USING btree ("trip_date","depart_at");--> statement-breakpoint
CREATE INDEX "field_trips_school_idx" ON "field_trips" USING btree ("school_id","trip_date");--> statement-breakpoint
CREATE INDEX "field_trips_requested_by_idx" ON "field_trips" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_field_trip_id_field_trips_id_fk" FOREIGN KEY ("field_trip_id") REFERENCES "public"."field_trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_field_trip_idx" ON "trips" USING btree ("field_trip_id") WHERE "trips"."field_trip_id" is not null;