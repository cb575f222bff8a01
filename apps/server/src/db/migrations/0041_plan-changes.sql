ALTER TYPE "public"."notification_kind" ADD VALUE 'PLAN_CHANGE';--> statement-breakpoint
CREATE TABLE "announced_plans" (
	"student_id" uuid NOT NULL,
	"run" "trip_type" NOT NULL,
	"route_id" uuid NOT NULL,
	"stop_id" uuid,
	"stop_name" text,
	"time" text,
	"school_id" uuid,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announced_plans_student_id_run_pk" PRIMARY KEY("student_id","run")
);
--> statement-breakpoint
CREATE TABLE "plan_change_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"run" "trip_type" NOT NULL,
	"route_id" uuid,
	"route_name" text NOT NULL,
	"school_id" uuid,
	"first_plan" boolean DEFAULT false NOT NULL,
	"old_stop_name" text,
	"old_time" text,
	"new_stop_name" text,
	"new_time" text,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_by_name" text,
	"last_reminded_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "plan_changes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announced_plans" ADD CONSTRAINT "announced_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announced_plans" ADD CONSTRAINT "announced_plans_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announced_plans" ADD CONSTRAINT "announced_plans_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announced_plans" ADD CONSTRAINT "announced_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_notices" ADD CONSTRAINT "plan_change_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_notices" ADD CONSTRAINT "plan_change_notices_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_notices" ADD CONSTRAINT "plan_change_notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_notices" ADD CONSTRAINT "plan_change_notices_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_change_notices_student_idx" ON "plan_change_notices" USING btree ("student_id","run");--> statement-breakpoint
CREATE INDEX "plan_change_notices_open_idx" ON "plan_change_notices" USING btree ("created_at") WHERE "plan_change_notices"."acknowledged_at" is null and "plan_change_notices"."superseded_at" is null;--> statement-breakpoint
-- Every seated child's plan as it is now counts as announced, so deploying this tells no family anything (decision
-- 068). The same plan as plan-change-queries.ts's currentPlans: the seat's route, the child's stop when it is on the
-- run, and the run's start plus the stop's minutes.
INSERT INTO "announced_plans" ("student_id", "run", "route_id", "stop_id", "stop_name", "time")
SELECT s.student_id, r.run, ra.route_id, rs.stop_id, st.name,
  substr((rr.start_time + make_interval(mins => rs.minutes_after_start))::text, 1, 5)
FROM assignment_students s
JOIN route_assignments ra ON ra.id = s.assignment_id
CROSS JOIN unnest(enum_range(NULL::trip_type)) AS r(run)
LEFT JOIN student_stops ss ON ss.student_id = s.student_id AND ss.run = r.run
LEFT JOIN route_stops rs ON rs.route_id = ra.route_id AND rs.run = r.run AND rs.stop_id = ss.stop_id
LEFT JOIN route_runs rr ON rr.route_id = ra.route_id AND rr.run = r.run
LEFT JOIN stops st ON st.id = rs.stop_id;
