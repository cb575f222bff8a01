CREATE TABLE "roster_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin" text NOT NULL,
	"mode" text NOT NULL,
	"outcome" text NOT NULL,
	"counts" jsonb,
	"error" text,
	"by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_source" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"base_url" text NOT NULL,
	"version" text NOT NULL,
	"token_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"every_hours" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_source_one_row" CHECK ("roster_source"."id" = 1),
	CONSTRAINT "roster_source_every_hours" CHECK ("roster_source"."every_hours" is null or "roster_source"."every_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roster_runs" ADD CONSTRAINT "roster_runs_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_runs_started_idx" ON "roster_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_sourced_id_unique" UNIQUE("sourced_id");