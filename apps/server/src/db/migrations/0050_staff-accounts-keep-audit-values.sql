-- Staff roles (decision 069): the audit privacy rules spoke of "not an administrator" when they meant a driver's or
-- a parent's account; a dispatcher's, viewer's or school staff's account is the office's own, like an
-- administrator's, and its entries (a role changed, an account disabled) keep their values.
-- The definitions of db/functions/ (audit-privacy.sql) as they are now, written by npm run db:function.
CREATE OR REPLACE FUNCTION "audit_log_user_entry_keep_no_personal_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "id"::text = NEW."entity_id" AND "role" IN ('driver', 'parent')) THEN
    NEW."details" := "audit_without_personal_values"(NEW."details");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_erase_audit_values_of_non_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."role" IN ('driver', 'parent') THEN
    UPDATE "audit_log" SET "actor_email" = NULL WHERE "actor_id" = OLD."id";
    UPDATE "audit_log" SET "details" = "audit_without_personal_values"("details")
     WHERE "entity_type" = 'user' AND "entity_id" = OLD."id"::text AND "details" IS NOT NULL;
  END IF;
  RETURN OLD;
END $$;
