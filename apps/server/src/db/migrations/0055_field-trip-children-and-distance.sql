CREATE TABLE "field_trip_children" (
	"field_trip_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "field_trip_children_field_trip_id_student_id_pk" PRIMARY KEY("field_trip_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "field_trips" ADD COLUMN "actual_distance" jsonb;--> statement-breakpoint
ALTER TABLE "field_trip_children" ADD CONSTRAINT "field_trip_children_field_trip_id_field_trips_id_fk" FOREIGN KEY ("field_trip_id") REFERENCES "public"."field_trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_trip_children" ADD CONSTRAINT "field_trip_children_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_trip_children" ADD CONSTRAINT "field_trip_children_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_trip_children_student_idx" ON "field_trip_children" USING btree ("student_id");