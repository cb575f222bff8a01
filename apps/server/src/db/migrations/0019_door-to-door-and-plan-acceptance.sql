ALTER TABLE "students" ADD COLUMN "door_to_door" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD COLUMN "accepted_by" uuid;--> statement-breakpoint
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_proposals_accepted_by_idx" ON "plan_proposals" USING btree ("accepted_by");