ALTER TABLE "trip_stops" ADD COLUMN "last_near_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ridership_events_trip_student_idx" ON "ridership_events" USING btree ("trip_id","student_id","occurred_at","event_id","kind");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("raised_at") WHERE "alerts"."acknowledged_at" is null;--> statement-breakpoint
-- Stops reached before this column: the best known last moment at the stop (exact once the bus had left).
UPDATE "trip_stops" SET "last_near_at" = coalesce("departed_at", "arrived_at") WHERE "arrived_at" IS NOT NULL;
