DROP INDEX "drivers_created_at_idx";--> statement-breakpoint
DROP INDEX "routes_created_at_idx";--> statement-breakpoint
DROP INDEX "vehicles_created_at_idx";--> statement-breakpoint
DROP INDEX "parents_created_at_idx";--> statement-breakpoint
DROP INDEX "students_created_at_idx";--> statement-breakpoint
DROP INDEX "trips_date_idx";--> statement-breakpoint
CREATE INDEX "drivers_created_at_idx" ON "drivers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "routes_created_at_idx" ON "routes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_created_at_idx" ON "vehicles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "parents_created_at_idx" ON "parents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trips_date_idx" ON "trips" USING btree ("trip_date","created_at","id");