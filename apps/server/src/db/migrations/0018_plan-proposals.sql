CREATE TYPE "public"."plan_status" AS ENUM('RUNNING', 'DONE', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "plan_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"status" "plan_status" NOT NULL,
	"request" jsonb NOT NULL,
	"progress" jsonb,
	"result" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_proposals_school_id_idx" ON "plan_proposals" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_proposals_created_at_idx" ON "plan_proposals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "plan_proposals_created_by_idx" ON "plan_proposals" USING btree ("created_by");