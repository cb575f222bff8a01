ALTER TYPE "public"."notification_kind" ADD VALUE 'DELAYED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'HANDED_OVER';--> statement-breakpoint
ALTER TABLE "trips" DROP CONSTRAINT "trips_assignment_date_type_unique";--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "delay_minutes" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "delay_reason" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "rescue_of_trip_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "handed_over_to_trip_id" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_rescue_of_trip_id_trips_id_fk" FOREIGN KEY ("rescue_of_trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_handed_over_to_trip_id_trips_id_fk" FOREIGN KEY ("handed_over_to_trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trips_assignment_date_type_unique" ON "trips" USING btree ("assignment_id","trip_date","type") WHERE "trips"."rescue_of_trip_id" is null;