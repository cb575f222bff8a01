CREATE TYPE "public"."stop_change_kind" AS ENUM('WEEKLY', 'ONE_OFF');--> statement-breakpoint
CREATE TYPE "public"."stop_change_run" AS ENUM('PICKUP', 'DROP', 'BOTH');--> statement-breakpoint
CREATE TYPE "public"."stop_change_state" AS ENUM('REQUESTED', 'APPROVED', 'DECLINED', 'WITHDRAWN');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'STOP_CHANGE';--> statement-breakpoint
CREATE TABLE "stop_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" "stop_change_kind" NOT NULL,
	"date" date,
	"weekdays" integer[],
	"valid_from" date,
	"valid_until" date,
	"run" "stop_change_run" NOT NULL,
	"assignment_id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"note" text,
	"state" "stop_change_state" NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"requested_by_email" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "stop_changes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stop_changes" ADD CONSTRAINT "stop_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_changes" ADD CONSTRAINT "stop_changes_assignment_id_route_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."route_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_changes" ADD CONSTRAINT "stop_changes_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_changes" ADD CONSTRAINT "stop_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_changes" ADD CONSTRAINT "stop_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stop_changes_state_idx" ON "stop_changes" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "stop_changes_student_idx" ON "stop_changes" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "stop_changes_assignment_idx" ON "stop_changes" USING btree ("assignment_id","state");--> statement-breakpoint
CREATE INDEX "stop_changes_stop_idx" ON "stop_changes" USING btree ("stop_id");