CREATE TYPE "public"."address_status" AS ENUM('NONE', 'PENDING', 'PLACED', 'NOT_FOUND', 'LOW_CONFIDENCE', 'AMBIGUOUS');--> statement-breakpoint
CREATE TYPE "public"."home_source" AS ENUM('HAND', 'GEOCODER');--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"candidates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "pickup_lat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "pickup_lng" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_postcode" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "home_source" "home_source" DEFAULT 'HAND';--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address_status" "address_status" DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
CREATE INDEX "students_address_status_idx" ON "students" USING btree ("address_status","id") WHERE "students"."address_status" not in ('NONE', 'PLACED');--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_pickup_point_whole" CHECK (("students"."pickup_lat" is null) = ("students"."pickup_lng" is null));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_pickup_point_or_address" CHECK ("students"."pickup_lat" is not null or "students"."address_status" <> 'NONE');--> statement-breakpoint
-- Every point before decision 072 was clicked or typed by a person (idempotent: the default already says so).
UPDATE "students" SET "home_source" = 'HAND' WHERE "home_source" IS NULL AND "pickup_lat" IS NOT NULL;
