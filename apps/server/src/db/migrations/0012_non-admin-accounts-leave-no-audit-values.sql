-- Driver and parent accounts are personal data like their driver, parent and child records (decision 020): entries
-- about such an account (entity 'user': profile name and e-mail changes) keep no values, and when the account is
-- deleted, the entries it made lose the e-mail address that named it.
CREATE OR REPLACE FUNCTION "audit_log_user_entry_keep_no_personal_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "id"::text = NEW."entity_id" AND "role" <> 'admin') THEN
    NEW."details" := "audit_without_personal_values"(NEW."details");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_user_entry_no_personal_values" BEFORE INSERT ON "audit_log" FOR EACH ROW WHEN (NEW."entity_type" = 'user' AND NEW."details" IS NOT NULL) EXECUTE FUNCTION "audit_log_user_entry_keep_no_personal_values"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_erase_audit_values_of_non_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."role" <> 'admin' THEN
    UPDATE "audit_log" SET "actor_email" = NULL WHERE "actor_id" = OLD."id";
    UPDATE "audit_log" SET "details" = "audit_without_personal_values"("details")
     WHERE "entity_type" = 'user' AND "entity_id" = OLD."id"::text AND "details" IS NOT NULL;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_erase_audit_values" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_erase_audit_values_of_non_admin"();
--> statement-breakpoint
UPDATE "audit_log" a SET "details" = "audit_without_personal_values"(a."details")
  FROM "users" u WHERE a."entity_type" = 'user' AND a."entity_id" = u."id"::text AND u."role" <> 'admin' AND a."details" IS NOT NULL;
