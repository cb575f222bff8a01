CREATE TYPE "public"."guardian_relation" AS ENUM('PARENT', 'STEP_PARENT', 'GRANDPARENT', 'RELATIVE', 'CARER', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."guardian_request_state" AS ENUM('REQUESTED', 'APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TABLE "guardian_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"requested_by_parent_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"relation" "guardian_relation" NOT NULL,
	"state" "guardian_request_state" DEFAULT 'REQUESTED' NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"guardian_parent_id" uuid
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"student_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"relation" "guardian_relation" DEFAULT 'PARENT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardians_pkey" PRIMARY KEY("student_id","parent_id")
);
--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_requested_by_parent_id_parents_id_fk" FOREIGN KEY ("requested_by_parent_id") REFERENCES "public"."parents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_requests" ADD CONSTRAINT "guardian_requests_guardian_parent_id_parents_id_fk" FOREIGN KEY ("guardian_parent_id") REFERENCES "public"."parents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_requests_state_idx" ON "guardian_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "guardian_requests_student_idx" ON "guardian_requests" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_guardians_parent_idx" ON "student_guardians" USING btree ("parent_id","student_id");--> statement-breakpoint
-- Every existing parent becomes a guardian of their children (decision 064): nobody loses access.
INSERT INTO "student_guardians" ("student_id", "parent_id", "relation", "created_at")
  SELECT "id", "parent_id", 'PARENT', "created_at" FROM "students"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The links are the rule of who is told of a change of access (db/functions/live-access.sql, decision 064): a
-- guardian linked or unlinked is told by student_guardians_live_access, which also covers a child added, deleted
-- or moved (they change links), so the trigger that told only students.parent_id goes.
DROP TRIGGER IF EXISTS "students_family_live_access" ON "students";--> statement-breakpoint
DROP FUNCTION IF EXISTS "students_live_access"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "students_primary_guardian"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."parent_id" IS NOT DISTINCT FROM NEW."parent_id" THEN RETURN NULL; END IF;
  INSERT INTO "student_guardians" ("student_id", "parent_id") VALUES (NEW."id", NEW."parent_id")
    ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "student_guardians" WHERE "student_id" = NEW."id" AND "parent_id" = OLD."parent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "students_primary_guardian" AFTER INSERT OR UPDATE OF "parent_id" ON "students" FOR EACH ROW EXECUTE FUNCTION "students_primary_guardian"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_access_changed_student"("student_id" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT "live_access_changed_parent"(g."parent_id") FROM "student_guardians" g WHERE g."student_id" = $1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "student_guardians_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."parent_id" IS NOT DISTINCT FROM NEW."parent_id"
     AND OLD."student_id" IS NOT DISTINCT FROM NEW."student_id" THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "live_access_changed_parent"(OLD."parent_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "live_access_changed_parent"(NEW."parent_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "student_guardians_live_access" AFTER INSERT OR DELETE OR UPDATE ON "student_guardians" FOR EACH ROW EXECUTE FUNCTION "student_guardians_live_access"();
