-- Audit entries keep no personal values of drivers, parents, children and non-admin accounts (decision 020). Triggers,
-- so no code path can forget it.
--
-- The current definitions; the migrations named on each statement are their history (docs/ARCHITECTURE.md, "Data").

-- What an entry about a driver, parent or child keeps: record ids (uuids under id, parentId, studentIds...) and the
-- count of children stay, a changed field stays as "changed", every other value goes. An NFC tag is not a record id,
-- whatever its key (nfcTagId): only uuids pass.
-- Last changed: 0011_accounts-lockout-per-address-and-audit-privacy.sql
CREATE OR REPLACE FUNCTION "audit_without_personal_values"("details" jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kept jsonb := '{}'::jsonb;
  item record;
BEGIN
  IF jsonb_typeof("details") = 'array' THEN
    RETURN (SELECT coalesce(jsonb_agg(v) FILTER (WHERE v IS NOT NULL), '[]'::jsonb)
              FROM (SELECT "audit_without_personal_values"(e) AS v FROM jsonb_array_elements("details") e) elements);
  END IF;
  IF jsonb_typeof("details") IS DISTINCT FROM 'object' THEN
    RETURN NULL;
  END IF;
  FOR item IN SELECT key, value FROM jsonb_each("details") LOOP
    IF (item.key = 'id' OR item.key ~ '^[a-z][A-Za-z]*Ids?$') AND NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(item.value) WHEN 'array' THEN item.value
                                               ELSE jsonb_build_array(item.value) END) e
          WHERE jsonb_typeof(e) IS DISTINCT FROM 'string'
             OR e #>> '{}' !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
       OR (item.key = 'children' AND jsonb_typeof(item.value) = 'number') THEN
      kept := kept || jsonb_build_object(item.key, item.value);
    ELSIF jsonb_typeof(item.value) = 'object' AND item.value ? 'from' THEN
      kept := kept || jsonb_build_object(item.key, 'changed');
    ELSIF jsonb_typeof(item.value) IN ('array', 'object') THEN
      kept := kept || jsonb_build_object(item.key, "audit_without_personal_values"(item.value));
    END IF;
  END LOOP;
  RETURN kept;
END $$;
--> statement-breakpoint
-- Last changed: 0011_accounts-lockout-per-address-and-audit-privacy.sql
CREATE OR REPLACE FUNCTION "audit_log_keep_no_personal_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."details" := "audit_without_personal_values"(NEW."details");
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Last changed: 0011_accounts-lockout-per-address-and-audit-privacy.sql
CREATE OR REPLACE TRIGGER "audit_log_no_personal_values" BEFORE INSERT ON "audit_log" FOR EACH ROW WHEN (NEW."entity_type" IN ('driver', 'parent', 'student') AND NEW."details" IS NOT NULL) EXECUTE FUNCTION "audit_log_keep_no_personal_values"();
--> statement-breakpoint
-- Driver and parent accounts are personal data like their driver, parent and child records: entries about such an
-- account (entity 'user': profile name and e-mail changes) keep no values. Staff accounts of every role
-- (decision 069) are the office's own, as administrators' are: their entries keep their values.
-- Last changed: 0050_staff-accounts-keep-audit-values.sql
CREATE OR REPLACE FUNCTION "audit_log_user_entry_keep_no_personal_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "id"::text = NEW."entity_id" AND "role" IN ('driver', 'parent')) THEN
    NEW."details" := "audit_without_personal_values"(NEW."details");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Last changed: 0012_non-admin-accounts-leave-no-audit-values.sql
CREATE OR REPLACE TRIGGER "audit_log_user_entry_no_personal_values" BEFORE INSERT ON "audit_log" FOR EACH ROW WHEN (NEW."entity_type" = 'user' AND NEW."details" IS NOT NULL) EXECUTE FUNCTION "audit_log_user_entry_keep_no_personal_values"();
--> statement-breakpoint
-- A driver or parent account deleted: the entries it made lose the e-mail address that named it, and those about it
-- their values.
-- Last changed: 0050_staff-accounts-keep-audit-values.sql
CREATE OR REPLACE FUNCTION "users_erase_audit_values_of_non_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."role" IN ('driver', 'parent') THEN
    UPDATE "audit_log" SET "actor_email" = NULL WHERE "actor_id" = OLD."id";
    UPDATE "audit_log" SET "details" = "audit_without_personal_values"("details")
     WHERE "entity_type" = 'user' AND "entity_id" = OLD."id"::text AND "details" IS NOT NULL;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Last changed: 0012_non-admin-accounts-leave-no-audit-values.sql
CREATE OR REPLACE TRIGGER "users_erase_audit_values" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_erase_audit_values_of_non_admin"();
