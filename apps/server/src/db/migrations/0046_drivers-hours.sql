CREATE TABLE "driver_shift_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"clock_in_before" timestamp with time zone NOT NULL,
	"clock_out_before" timestamp with time zone,
	"clock_in_after" timestamp with time zone NOT NULL,
	"clock_out_after" timestamp with time zone,
	"reason" text NOT NULL,
	"corrected_by" uuid,
	"corrected_by_name" text NOT NULL,
	"corrected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone,
	"tapped_in_at" timestamp with time zone NOT NULL,
	"tapped_out_at" timestamp with time zone,
	"clock_in_lat" double precision,
	"clock_in_lng" double precision,
	"clock_out_lat" double precision,
	"clock_out_lng" double precision,
	"clock_in_client_id" uuid NOT NULL,
	"clock_out_client_id" uuid,
	"received_in_at" timestamp with time zone NOT NULL,
	"received_out_at" timestamp with time zone,
	CONSTRAINT "driver_shifts_out_after_in" CHECK ("driver_shifts"."clock_out_at" is null or "driver_shifts"."clock_out_at" > "driver_shifts"."clock_in_at")
);
--> statement-breakpoint
ALTER TABLE "driver_shift_corrections" ADD CONSTRAINT "driver_shift_corrections_shift_id_driver_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."driver_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shift_corrections" ADD CONSTRAINT "driver_shift_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_shift_corrections_shift_idx" ON "driver_shift_corrections" USING btree ("shift_id","corrected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shifts_in_client_unique" ON "driver_shifts" USING btree ("clock_in_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shifts_out_client_unique" ON "driver_shifts" USING btree ("clock_out_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shifts_one_open" ON "driver_shifts" USING btree ("driver_id") WHERE "driver_shifts"."clock_out_at" is null;--> statement-breakpoint
CREATE INDEX "driver_shifts_driver_in_idx" ON "driver_shifts" USING btree ("driver_id","clock_in_at");