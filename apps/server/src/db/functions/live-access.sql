-- Every change of who may see what on the live stream (GET /api/live) is told to every API process: a NOTIFY on
-- "live_access" carrying the user id whose streams must end (decision 051). Triggers, not application code, so
-- that no path can forget it: a new service, an import, a cascade, a statement typed into psql. The streams of that
-- user end at once on every process; the browser reconnects, and the reconnection is checked and scoped afresh
-- (a revoked session gets 401). NOTIFY is sent at commit only (a rollback sends nothing), and identical payloads of
-- one transaction are sent once, so a bulk change costs one notification per user.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "live_access_changed"("user_id" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('live_access', "user_id"::text) WHERE "user_id" IS NOT NULL;
$$;
--> statement-breakpoint
-- A family's children and their seats decide what a parent's stream carries: the parent's user is told.
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "live_access_changed_parent"("parent_id" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT "live_access_changed"(p."user_id") FROM "parents" p WHERE p."id" = "parent_id";
$$;
--> statement-breakpoint
-- Every guardian of the child (student_guardians, decision 064) is told. ($1: the parameter's name is also a column.)
-- Last changed: 0042_guardians.sql
CREATE OR REPLACE FUNCTION "live_access_changed_student"("student_id" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT "live_access_changed_parent"(g."parent_id") FROM "student_guardians" g WHERE g."student_id" = $1;
$$;
--> statement-breakpoint
-- A session ends: signed out, ended from the sessions list, or every session of the account (disable, password
-- reset). A row deleted while still live counts too; pruning ended or expired rows tells nobody.
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "sessions_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_access_changed"(OLD."user_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "sessions_revoked_live_access" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "sessions_live_access"();
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "sessions_deleted_live_access" AFTER DELETE ON "sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now()) EXECUTE FUNCTION "sessions_live_access"();
--> statement-breakpoint
-- The account is disabled or enabled, its e-mail, password or role changes, or it is deleted.
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "users_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_access_changed"(OLD."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "users_changed_live_access" AFTER UPDATE OF "disabled_at", "email", "password_hash", "role" ON "users" FOR EACH ROW WHEN (OLD."disabled_at" IS DISTINCT FROM NEW."disabled_at" OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "users_live_access"();
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "users_deleted_live_access" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_live_access"();
--> statement-breakpoint
-- A parent record moves to another user account (both are told).
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "parents_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_access_changed"(OLD."user_id");
  PERFORM "live_access_changed"(NEW."user_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "parents_user_live_access" AFTER UPDATE OF "user_id" ON "parents" FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "parents_live_access"();
--> statement-breakpoint
-- A guardian is linked to a child or unlinked (decision 064): that guardian's user is told. A new child, a child
-- deleted or moved to another family changes links too (students_primary_guardian, the cascade), so this one trigger
-- covers them; it replaced students_family_live_access, which told only students.parent_id.
-- Last changed: 0042_guardians.sql
CREATE OR REPLACE FUNCTION "student_guardians_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."parent_id" IS NOT DISTINCT FROM NEW."parent_id"
     AND OLD."student_id" IS NOT DISTINCT FROM NEW."student_id" THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "live_access_changed_parent"(OLD."parent_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "live_access_changed_parent"(NEW."parent_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0042_guardians.sql
CREATE OR REPLACE TRIGGER "student_guardians_live_access" AFTER INSERT OR DELETE OR UPDATE ON "student_guardians" FOR EACH ROW EXECUTE FUNCTION "student_guardians_live_access"();
--> statement-breakpoint
-- A child's seat on a bus (which trips the parent follows) is given, taken away or moved.
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE FUNCTION "seats_live_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "live_access_changed_student"(OLD."student_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "live_access_changed_student"(NEW."student_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last changed: 0030_live-access-notify.sql
CREATE OR REPLACE TRIGGER "seats_live_access" AFTER INSERT OR DELETE OR UPDATE ON "assignment_students" FOR EACH ROW EXECUTE FUNCTION "seats_live_access"();
