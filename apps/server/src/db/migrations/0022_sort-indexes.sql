-- Decision 035: an index per sort a list offers, so the first page of any sort is a short index walk at a million rows.
-- audit_log_created_at_idx gains the id, to break ties in the sort by time (retention reads it as before).
DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name","id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email","id");--> statement-breakpoint
CREATE INDEX "drivers_license_no_idx" ON "drivers" USING btree ("license_no","id");--> statement-breakpoint
CREATE INDEX "vehicles_type_idx" ON "vehicles" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "vehicles_capacity_idx" ON "vehicles" USING btree ("capacity","id");--> statement-breakpoint
CREATE INDEX "routes_name_idx" ON "routes" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "routes_start_location_idx" ON "routes" USING btree ("start_location","id");--> statement-breakpoint
CREATE INDEX "routes_end_location_idx" ON "routes" USING btree ("end_location","id");--> statement-breakpoint
CREATE INDEX "routes_distance_km_idx" ON "routes" USING btree ("distance_km","id");--> statement-breakpoint
CREATE INDEX "routes_duration_min_idx" ON "routes" USING btree ("duration_min","id");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "students_class_idx" ON "students" USING btree ("class","roll_no","id");--> statement-breakpoint
CREATE INDEX "students_parent_name_idx" ON "students" USING btree ("parent_name","id");--> statement-breakpoint
CREATE INDEX "trips_date_start_idx" ON "trips" USING btree ("trip_date","planned_start_at","id");--> statement-breakpoint
CREATE INDEX "trips_past_idx" ON "trips" USING btree ("trip_date" DESC NULLS FIRST,"planned_start_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "trips_route_name_idx" ON "trips" USING btree ("route_name","id");--> statement-breakpoint
CREATE INDEX "trips_driver_name_idx" ON "trips" USING btree ("driver_name","id");--> statement-breakpoint
CREATE INDEX "trips_status_date_idx" ON "trips" USING btree ("status","trip_date","id");--> statement-breakpoint
CREATE INDEX "stops_name_idx" ON "stops" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");