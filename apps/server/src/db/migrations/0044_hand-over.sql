CREATE TYPE "public"."hand_over_choice" AS ENUM('RULE', 'ALWAYS', 'NEVER');--> statement-breakpoint
CREATE TYPE "public"."no_adult_rule" AS ENUM('KEEP_ON_BOARD', 'RETURN_TO_SCHOOL', 'RETURN_TO_DEPOT');--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'NO_AUTHORIZED_ADULT';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'NO_AUTHORIZED_ADULT';--> statement-breakpoint
CREATE TABLE "authorized_adults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hand_over_misses" (
	"miss_id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"stop_position" integer,
	"stop_name" text,
	"rule" "no_adult_rule" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "hand_over" "hand_over_choice" DEFAULT 'RULE' NOT NULL;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD COLUMN "received_by_name" text;--> statement-breakpoint
ALTER TABLE "ridership_events" ADD COLUMN "received_by_relation" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "hand_over" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "authorized_adults" ADD CONSTRAINT "authorized_adults_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_over_misses" ADD CONSTRAINT "hand_over_misses_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_over_misses" ADD CONSTRAINT "hand_over_misses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_over_misses" ADD CONSTRAINT "hand_over_misses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorized_adults_student_idx" ON "authorized_adults" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "hand_over_misses_trip_idx" ON "hand_over_misses" USING btree ("trip_id","student_id","occurred_at");--> statement-breakpoint
ALTER TABLE "ridership_events" ADD CONSTRAINT "ridership_events_received_by_authorized_adults_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."authorized_adults"("id") ON DELETE set null ON UPDATE no action;